// @ts-check
// The browser features an account may use where the browser has them, loaded when first
// needed: passkeys (./passkeys.js) and push notices (../push.js).  Where a module is missing
// or the browser lacks the feature, the pages offer nothing of it.

/**
 * @typedef {object} Passkeys
 * @property {() => boolean | Promise<boolean>} passkeysSupported
 * @property {(password: string, label?: string) => Promise<unknown>} registerPasskey the account's
 *   password asked again
 * @property {() => Promise<unknown>} signInWithPasskey
 */

/**
 * @typedef {object} Push
 * @property {() => boolean | Promise<boolean>} pushSupported
 * @property {() => Promise<unknown>} subscribe
 * @property {() => Promise<unknown>} unsubscribe
 * @property {(title: string, body: string, url: string) => unknown} notifyIfHidden
 */

const PASSKEYS = "./passkeys.js";
const PUSH = "../push.js";

/**
 * @param {string} path
 * @returns {Promise<any>}
 */
async function load(path) {
  try {
    return await import(path);
  } catch {
    return null;
  }
}

/**
 * The passkeys module, where this browser can use passkeys; else null.
 * @returns {Promise<Passkeys | null>}
 */
export async function passkeys() {
  const module = await load(PASSKEYS);
  try {
    return module && (await module.passkeysSupported()) ? module : null;
  } catch {
    return null;
  }
}

/**
 * The push module, loaded (null where it is missing); whether this browser can take push
 * notices is its pushSupported().
 * @returns {Promise<Push | null>}
 */
export async function push() {
  return load(PUSH);
}

/**
 * Whether push notices work in this browser.
 * @param {Push | null} module
 */
export async function pushWorks(module) {
  try {
    return Boolean(module && (await module.pushSupported()));
  } catch {
    return false;
  }
}
