#!/usr/bin/env node
// Entry of `bu` in a checkout: loads the TypeScript sources through tsx and hands over to the CLI.
// The installed package runs the compiled dist/cli/bu.js instead and never loads tsx.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
