/**
 * How long the browser's main thread spends evaluating the framework file
 * (react, react-dom, React Router) once it has been downloaded, measured with
 * no DevTools connection: Chromium runs headless with --dump-dom, and the page
 * writes its own timing into the DOM it prints. Two steps, in two tasks, as
 * on the site: importing the file, then the first call into react-dom's
 * client (hydration), which evaluates react-dom (scripts/build/framework-bundle.ts,
 * EVALUATED_ON_FIRST_USE). Run with the file as built (it carries V8's
 * `//# allFunctionsCalledOnLoad` hint) and without the hint, and once more as
 * Playwright sees it.
 *
 * Lighthouse and Playwright drive Chromium over the DevTools protocol, and
 * with its Runtime domain enabled V8 records a detailed stack trace for every
 * Error object made. react-dom makes five as it evaluates (sentinels such as
 * its SuspenseException), and the first one's stack trace needs the source
 * positions of the functions on the stack: V8 re-parses them. A step of a
 * few milliseconds takes 15 ms or more in their measurements (docs/performance.md,
 * "The framework file"), a cost visitors never pay. The last measurement shows the
 * cause: under Playwright again, with `Error` replaced by a plain function
 * while react-dom evaluates.
 *
 *   npm run build && npx tsx scripts/bench/framework-evaluation.ts [runs, default 7]
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { BUILD_MANIFEST_PATH, readBuildManifest } from '../../server/pages/asset-manifest';
import { frameworkUrlIn } from '../build/framework-bundle';
import { median } from './median';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = Number(process.argv[2] ?? 7);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HINT = '//# allFunctionsCalledOnLoad';

const manifest = readBuildManifest(path.join(rootDir, BUILD_MANIFEST_PATH));
const frameworkUrl = frameworkUrlIn(manifest);
if (!frameworkUrl) throw new Error('No framework file in dist/build-manifest.json: run npm run build (a production build).');
const framework = readFileSync(path.join(rootDir, 'dist/client', frameworkUrl));
if (framework.toString('utf8', 0, HINT.length) !== HINT) throw new Error(`${frameworkUrl} does not start with ${HINT}`);
const variants = { hint: framework, 'no hint': framework.subarray(HINT.length) } as const;
type Variant = keyof typeof variants;

// The page preloads the file (download and compile, as the site's entry
// does), waits until the browser is idle, then times `import()`; in a later
// task, it times the first call of hydrateRoot, which evaluates react-dom's
// client and then refuses the missing container. An image that answers
// after 3 s holds the load event, so --dump-dom waits for the result.
const testPage = (variant: Variant, withoutErrors: boolean) => `<!doctype html><html lang="en"><title>framework evaluation</title>
<link rel="modulepreload" href="/framework.js?${encodeURIComponent(variant)}">
<p id="result">pending</p><img src="/hold-load" alt="">
<script type="module">
await new Promise((resolve) => setTimeout(resolve, 1500));
const RealError = Error;
if (${withoutErrors}) globalThis.Error = function (message) { return { message }; };
let start = performance.now();
const framework = await import('/framework.js?${encodeURIComponent(variant)}');
const importMs = performance.now() - start;
await new Promise((resolve) => setTimeout(resolve, 50));
start = performance.now();
try { framework.react_dom_client__hydrateRoot(null); } catch {}
const firstUseMs = performance.now() - start;
globalThis.Error = RealError;
document.getElementById('result').textContent = 'evaluated in ' + importMs.toFixed(1) + ' + ' + firstUseMs.toFixed(1) + ' ms';
</script>`;

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/hold-load') return void setTimeout(() => res.writeHead(204).end(), 3000);
  const variant = decodeURIComponent(url.search.slice(1)) as Variant;
  if (!(variant in variants)) return void res.writeHead(404).end();
  if (url.pathname === '/framework.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(variants[variant]);
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(testPage(variant, url.pathname === '/without-errors'));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

type Timing = { importMs: number; firstUseMs: number };

/** "evaluated in 2.1 + 3.4 ms": the import, then react-dom's first use. */
function parseTimes(text: string, variant: string): Timing {
  const match = /evaluated in ([\d.]+) \+ ([\d.]+) ms/.exec(text);
  if (!match) throw new Error(`No timing in the page Chromium printed for "${variant}"`);
  return { importMs: Number(match[1]), firstUseMs: Number(match[2]) };
}

async function evaluationMs(variant: Variant): Promise<Timing> {
  const { stdout } = await promisify(execFile)(
    CHROMIUM,
    ['--headless=new', '--no-sandbox', '--disable-gpu', '--dump-dom', `${origin}/?${encodeURIComponent(variant)}`],
    { timeout: 30_000 },
  );
  return parseTimes(stdout, variant);
}

/** The same page, with Playwright (the DevTools protocol) attached; optionally with no real Error made. */
async function evaluationMsUnderDevTools(variant: Variant, withoutErrors = false): Promise<Timing> {
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/${withoutErrors ? 'without-errors' : ''}?${encodeURIComponent(variant)}`);
    const text = await page.locator('#result', { hasText: 'evaluated in' }).textContent({ timeout: 20_000 });
    return parseTimes(text ?? '', variant);
  } finally {
    await browser.close();
  }
}

const times: Record<string, Timing[]> = {
  hint: [],
  'no hint': [],
  'hint, under DevTools': [],
  'hint, under DevTools, no Error objects': [],
};
// Taken in turn, so a noisy moment on the machine touches all alike.
for (let run = 0; run < RUNS; run++) {
  for (const variant of Object.keys(variants) as Variant[]) times[variant]!.push(await evaluationMs(variant));
  times['hint, under DevTools']!.push(await evaluationMsUnderDevTools('hint'));
  times['hint, under DevTools, no Error objects']!.push(await evaluationMsUnderDevTools('hint', true));
}
server.close();

console.log(`Framework evaluation on the main thread (${frameworkUrl}, ${RUNS} runs each):`);
console.log(`  ${''.padEnd(40)} import  first use  (each run: import + first use)`);
for (const [variant, values] of Object.entries(times)) {
  const medians = `${median(values.map((t) => t.importMs))
    .toFixed(1)
    .padStart(6)}  ${median(values.map((t) => t.firstUseMs))
    .toFixed(1)
    .padStart(9)} ms`;
  console.log(
    `  ${variant.padEnd(40)}${medians}  (${values.map((t) => `${t.importMs.toFixed(1)} + ${t.firstUseMs.toFixed(1)}`).join(', ')})`,
  );
}
