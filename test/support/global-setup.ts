import { build } from '../../scripts/build';

export default async function setup() {
  await build('production');
}
