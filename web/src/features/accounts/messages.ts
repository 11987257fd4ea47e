import {
  accountMessages as sharedAccountMessages,
  securityMessages,
} from "@folio/contract/constants";

/** The accounts feature's user-facing texts; spec §8's are word for word. */
export const accountMessages = {
  ...sharedAccountMessages,
  registrationError: "An error occurred during registration, please try again later",
  registered: "Registration successful! Taking you to the login page…",
  userInfoFailed: "Failed to get user information, please try again later",
  updated: "Account information updated successfully",
  updateFailed: "Failed to update user information",
  deleted: "Account deleted successfully",
  logoutFailed: "Logout failed, please try again",
  // Not in the spec: texts for screens it leaves open.
  deleteFailed: "Failed to delete account, please try again later",
  resetLinkSent:
    "If an account exists for that email, we have sent it a link to reset the password. The link works once, within one hour.",
  resetLinkMissing: "This reset link is incomplete. Please ask for a new one.",
  passwordChanged: "Your password has been changed. Please log in with the new one.",
  requestFailed: "Something went wrong, please try again later",
} as const;

/** Account security's texts (design.md §7.4); the server's own messages are shown as sent. */
export const securityTexts = {
  ...securityMessages,
  codeNeeded: "Please enter the 6-digit code from your app.",
  recoveryCodeNeeded: "Please enter one of your recovery codes.",
  currentPasswordNeeded: "Please enter your current password.",
  twoFactorFailed: "Failed to load your two-factor sign-in, please try again later",
  passkeysFailed: "Failed to load your passkeys, please try again later",
  sessionsFailed: "Failed to load your sessions, please try again later",
  passkeysUnsupported: "This browser cannot use passkeys.",
  passkeySignInCancelled:
    "Signing in with a passkey was cancelled. You can try again or log in with your password.",
  passkeyAddCancelled: "No passkey was added: the request was cancelled.",
  passkeyAlreadyAdded: "This device already has a passkey for your account.",
  passkeyAdded: "Passkey added. You can now sign in with it.",
  twoFactorTurnedOn: "Two-factor sign-in is on.",
  codesCopied: "Recovery codes copied.",
  codesNotCopied: "The codes could not be copied. Please select them and copy them yourself.",
  exportStarted: "Your data is downloading.",
  exportFailed: "Your data could not be downloaded, please try again later",
  emailLinkIncomplete: "This link is incomplete. Please open the link from your email again.",
  appPasswordsFailed: "Failed to load your app passwords, please try again later",
  appPasswordRevoked: "The app password has been revoked. Apps that used it can no longer sign in.",
  appPasswordRevokeFailed: "The app password could not be revoked, please try again later",
  appPasswordCreateFailed: "The app password could not be created, please try again later",
} as const;
