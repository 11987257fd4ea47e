import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";

// The browser's part of a passkey (WebAuthn). @simplewebauthn/browser is loaded only when a
// reader adds a passkey or signs in with one, so no other screen carries it.

/** Whether this browser can make and use passkeys at all. */
export function browserHasPasskeys(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

/** The person closed the browser's prompt, or let it time out: not a failure to alarm them. */
export function isPasskeyCancel(error: unknown): boolean {
  return (
    error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError")
  );
}

/** This device already holds a passkey for the account (WebAuthn's excludeCredentials). */
export function isPasskeyAlreadyAdded(error: unknown): boolean {
  return error instanceof Error && error.name === "InvalidStateError";
}

/** Asks the device to make a passkey from the server's options; answers its JSON form. */
export async function createPasskey(options: unknown): Promise<unknown> {
  const { startRegistration } = await import("@simplewebauthn/browser");
  return startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
}

/** Asks the device to sign the server's challenge with a passkey; answers its JSON form. */
export async function signWithPasskey(options: unknown): Promise<unknown> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  return startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
}
