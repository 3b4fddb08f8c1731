#!/usr/bin/env node
import 'reflect-metadata';
import { packageVersion } from './adapters/cli/package-version.js';
import { runCli } from './adapters/cli/run-cli.js';
import { openCore } from './bootstrap.js';

process.exitCode = await runCli(
  {
    env: process.env,
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    open: openCore,
    version: await packageVersion(import.meta.url),
  },
  process.argv.slice(2),
);
