/**
 * Records a library release in the package scan's index of known files:
 * `npm run known:add -- --library Twig --version 3.5.1 --file ./twig-3.5.1.zip`.
 */
import { runKnownAdd } from '../src/server/market/validate/known-add';

process.exit(runKnownAdd(process.argv.slice(2)));
