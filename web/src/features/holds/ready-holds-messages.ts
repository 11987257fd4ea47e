/** The header's words for a member's ready holds (messages.ts names it with the rest). */
export const holdsReadyMessages = {
  label: (count: number) => (count === 1 ? "Hold ready" : `${count} holds ready`),
} as const;
