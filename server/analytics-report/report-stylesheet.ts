/** The report page's one stylesheet, served as a file by its routes (no inline style: the admin's CSP allows none). */
export const REPORT_STYLESHEET_PATH = '/admin/analytics.css';

export const REPORT_STYLESHEET = `body{font:1rem/1.5 system-ui,sans-serif;color:#1c2733;background:#f5f6f8;margin:0}
main{max-width:72rem;margin:0 auto;padding:1rem}
h1{font-size:1.6rem;margin:.5rem 0}
h2{font-size:1.2rem;margin:0 0 .5rem}
section{background:#fff;border-radius:.5rem;box-shadow:0 1px 4px rgb(0 0 0/.12);padding:1rem;margin:1rem 0;overflow-x:auto}
a{color:#1d4e89}
a:focus-visible,button:focus-visible,input:focus-visible,summary:focus-visible{outline:3px solid #b36b00;outline-offset:2px}
.ranges{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0;margin:.5rem 0}
.ranges a{display:inline-block;padding:0 .9rem;line-height:2rem;border:1px solid #1d4e89;border-radius:1rem;text-decoration:none}
.ranges a[aria-current]{background:#1d4e89;color:#fff}
form{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:end}
label{display:flex;flex-direction:column;font-weight:600}
input{font:inherit;padding:.25rem .5rem;border:1px solid #5c6b7a;border-radius:.25rem}
button{font:inherit;padding:.35rem 1.25rem;border:0;border-radius:.25rem;background:#1d4e89;color:#fff;cursor:pointer}
.hint,.note{color:#4a5866;font-size:.9rem}
.totals{display:grid;grid-template-columns:repeat(auto-fit,minmax(10rem,1fr));gap:.5rem;margin:0}
.totals div{border-left:4px solid #1d4e89;padding-left:.75rem}
.totals dt{font-size:.9rem;color:#4a5866}
.totals dd{margin:0;font-size:1.5rem;font-weight:700}
table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{padding:.3rem .6rem;border-bottom:1px solid #d5dbe1;text-align:left;vertical-align:top}
th{background:#eef1f4}
td.number,th.number{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td.path{overflow-wrap:anywhere;min-width:10rem}
.download{margin:.5rem 0 0}
.chart{width:100%;height:auto;max-height:16rem;display:block;margin:.25rem 0 1rem}
.chart .axis{stroke:#5c6b7a;stroke-width:1}
.chart .grid{stroke:#d5dbe1;stroke-width:1}
.chart .area-visitors{fill:#1d4e89;fill-opacity:.15}
.chart .line-visitors{fill:none;stroke:#1d4e89;stroke-width:2}
.chart .area-pageviews{fill:#8a3b12;fill-opacity:.15}
.chart .line-pageviews{fill:none;stroke:#8a3b12;stroke-width:2}
.chart text{font:12px system-ui,sans-serif;fill:#1c2733}
.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
details summary{cursor:pointer;font-weight:600;margin:.5rem 0}
`;
