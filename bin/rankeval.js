#!/usr/bin/env node
// The `rankeval` command. The built CLI (dist/cli.js) shares its chunks with the library, which must not
// start with a shebang, so the shebang lives here.
import '../dist/cli.js';
