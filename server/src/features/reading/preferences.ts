import type { ReaderPreferences, ReaderPreferencesResponse } from "@folio/contract/reading";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { readerPreferences } from "../../db/schema";
import type { AuthUser } from "../accounts";

/** The caller's reading preferences; nulls until they first change a setting. */
export async function loadPreferences(
  ctx: AppContext,
  user: AuthUser,
): Promise<ReaderPreferencesResponse> {
  const [row] = await ctx.db
    .select()
    .from(readerPreferences)
    .where(eq(readerPreferences.userId, user.id));
  return {
    state: "success",
    preferences: row?.preferences ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** Keeps the full set the reader sent, in place of the one before. */
export async function savePreferences(
  ctx: AppContext,
  user: AuthUser,
  preferences: ReaderPreferences,
): Promise<ReaderPreferencesResponse> {
  const updatedAt = ctx.clock.now();
  await ctx.db
    .insert(readerPreferences)
    .values({ userId: user.id, preferences, updatedAt })
    .onConflictDoUpdate({ target: readerPreferences.userId, set: { preferences, updatedAt } });
  return { state: "success", preferences, updatedAt: updatedAt.toISOString() };
}
