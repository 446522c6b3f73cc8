import { build } from '../../scripts/build/build';

export default async function setup() {
  await build('production');
}
