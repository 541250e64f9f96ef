// Every command of the CLI, in the order `statuspress --help` lists them.
import { build } from './build.js';
import { dev } from './dev.js';
import { fingerprint } from './fingerprint.js';
import type { Command } from './command.js';
import { hostConfig } from './host-config.js';
import { init } from './init.js';
import { newFile } from './new.js';
import { notify } from './notify.js';
import { postmortem } from './postmortem.js';
import { resolve } from './resolve.js';
import { serve } from './serve.js';
import { update } from './update.js';
import { upgrade } from './upgrade.js';
import { validate } from './validate.js';

export const COMMANDS: readonly Command[] = [init, upgrade, validate, build, fingerprint, serve, dev, newFile, update, resolve, postmortem, notify, hostConfig];
