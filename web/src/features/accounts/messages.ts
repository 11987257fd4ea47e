import { accountMessages as sharedAccountMessages } from "@folio/contract/constants";

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
