/** The header's words for a member's ready holds (messages.ts names it with the rest). */
export const holdsReadyMessages = {
  label: (count: number) => (count === 1 ? "Hold ready" : `${count} holds ready`),
  /** the narrow header's visible word beside the bookmark; the label stays the link's name */
  short: "Ready",
} as const;
