// @ts-check
// Passkeys (WebAuthn) in the browser: register one for the signed-in account, sign in with one
// without naming the account, list and delete the account's.  Each ceremony is two requests to
// the server (salon.web.api.passkeys): the first gives the options of navigator.credentials
// .create or .get in WebAuthn's JSON form (bytes as base64url) and a ceremony token; the
// second sends the token back with the authenticator's answer in the same JSON form.  A
// refusal of the server is thrown as a PasskeyError carrying its code; the browser's own
// refusals (the person cancelled: NotAllowedError; no passkey here: InvalidStateError...) are
// thrown as the browser raised them.

/**
 * @typedef {{code: string, message: string, status: number, seconds?: number}} Refusal
 * @typedef {{id: string, label: string, created: number, used: number | null}} PasskeyView
 * @typedef {{id: string, name: string, email: string, verified: boolean, lang: string, created: number}} Me
 */

/** A refusal of the server: ``code`` says why (``bad_passkey``, ``ceremony_expired``...). */
export class PasskeyError extends Error {
  /** @param {Refusal} refusal */
  constructor(refusal) {
    super(refusal.message);
    this.name = "PasskeyError";
    this.code = refusal.code;
    this.status = refusal.status;
    this.refusal = refusal;
  }
}

/** Whether this browser makes and uses passkeys here (a secure context: HTTPS, or localhost). */
export function passkeysSupported() {
  return window.isSecureContext && typeof window.PublicKeyCredential === "function" && !!navigator.credentials;
}

/**
 * Register a passkey of this device for the signed-in account, its password given again.
 * @param {string} password the account's password
 * @param {string} [label] what its owner will recognise it by (the browser and system if none)
 * @returns {Promise<PasskeyView>}
 */
export async function registerPasskey(password, label) {
  const { token, options } = await send("POST", "/api/account/passkeys/options", { password });
  const made = await navigator.credentials.create({ publicKey: creationOptions(options) });
  const credential = answered(made);
  return send("POST", "/api/account/passkeys", label ? { token, credential, label } : { token, credential });
}

/**
 * Sign in with a passkey the person chooses: a new session, whatever account it is of.
 * @returns {Promise<Me>} the account signed in, as /api/account answers it
 */
export async function signInWithPasskey() {
  const { token, options } = await send("POST", "/api/account/passkey/sign-in/options", {});
  const used = await navigator.credentials.get({ publicKey: requestOptions(options) });
  return send("POST", "/api/account/passkey/sign-in", { token, credential: answered(used) });
}

/** @returns {Promise<PasskeyView[]>} the signed-in account's passkeys, the oldest first */
export async function listPasskeys() {
  return (await send("GET", "/api/account/passkeys")).passkeys;
}

/** @param {string} id the passkey's, as listed */
export async function deletePasskey(id) {
  await send("DELETE", `/api/account/passkeys/${encodeURIComponent(id)}`, {});
}

/**
 * @param {string} method
 * @param {string} url
 * @param {object} [body] sent as JSON (the server takes a change as JSON only, a DELETE too)
 * @returns {Promise<any>}
 */
async function send(method, url, body) {
  /** @type {RequestInit} */
  const init = { method, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers = { "Content-Type": "application/json" };
    init.body = JSON.stringify(body);
  }
  const r = await fetch(url, init);
  const data = await r.json().catch(() => null);
  if (!r.ok) {
    throw new PasskeyError(data && data.error ? data.error : { code: "http_error", message: r.statusText,
      status: r.status });
  }
  return data;
}

/** @param {string} text base64url, padded or not */
function bytes(text) {
  const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(text.length / 4) * 4, "="));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0)).buffer;
}

/** @param {ArrayBuffer | null} buffer */
function base64url(buffer) {
  if (!buffer) return null;
  let plain = "";
  for (const b of new Uint8Array(buffer)) plain += String.fromCharCode(b);
  return btoa(plain).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @param {{id: string}[] | undefined} list */
function descriptors(list) {
  return (list || []).map((c) => ({ ...c, type: /** @type {"public-key"} */ ("public-key"), id: bytes(c.id) }));
}

/**
 * The server's creation options as navigator.credentials.create takes them.
 * @param {PublicKeyCredentialCreationOptionsJSON} json
 * @returns {PublicKeyCredentialCreationOptions}
 */
function creationOptions(json) {
  if (typeof PublicKeyCredential.parseCreationOptionsFromJSON === "function") {
    return PublicKeyCredential.parseCreationOptionsFromJSON(json);
  }
  return /** @type {PublicKeyCredentialCreationOptions} */ ({
    ...json, challenge: bytes(json.challenge), user: { ...json.user, id: bytes(json.user.id) },
    excludeCredentials: descriptors(json.excludeCredentials),
  });
}

/**
 * The server's request options as navigator.credentials.get takes them.
 * @param {PublicKeyCredentialRequestOptionsJSON} json
 * @returns {PublicKeyCredentialRequestOptions}
 */
function requestOptions(json) {
  if (typeof PublicKeyCredential.parseRequestOptionsFromJSON === "function") {
    return PublicKeyCredential.parseRequestOptionsFromJSON(json);
  }
  return /** @type {PublicKeyCredentialRequestOptions} */ ({
    ...json, challenge: bytes(json.challenge), allowCredentials: descriptors(json.allowCredentials),
  });
}

/**
 * The authenticator's answer as JSON (PublicKeyCredential.toJSON, or the same built by hand).
 * @param {Credential | null} found
 */
function answered(found) {
  if (!found) throw new DOMException("no passkey was made or chosen", "NotAllowedError");
  const credential = /** @type {PublicKeyCredential} */ (found);
  if (typeof credential.toJSON === "function") return credential.toJSON();
  const response = credential.response;
  const common = { clientDataJSON: base64url(response.clientDataJSON) };
  let shaped;
  if (response instanceof AuthenticatorAttestationResponse) {
    shaped = { ...common, attestationObject: base64url(response.attestationObject),
      transports: typeof response.getTransports === "function" ? response.getTransports() : [] };
  } else {
    const assertion = /** @type {AuthenticatorAssertionResponse} */ (response);
    shaped = { ...common, authenticatorData: base64url(assertion.authenticatorData),
      signature: base64url(assertion.signature), userHandle: base64url(assertion.userHandle) };
  }
  return { id: credential.id, rawId: base64url(credential.rawId), type: credential.type, response: shaped,
    authenticatorAttachment: credential.authenticatorAttachment,
    clientExtensionResults: credential.getClientExtensionResults() };
}
