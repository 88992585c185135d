#!/usr/bin/env node
// Entry of the installed `bu` command (compiled to dist/cli/bu.js); a checkout runs bin/bu.js instead.
import { main } from './main.ts';

process.exitCode = await main(process.argv.slice(2));
