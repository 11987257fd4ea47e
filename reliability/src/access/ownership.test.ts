import { beforeAll, describe, expect, it } from "vitest";
import { AccessScenario, ownedCalls, type Victim } from "./scenario";

const access = AccessScenario.forFile("another reader's token");

let victim: Victim;

beforeAll(async () => {
  victim = await access.newVictim();
});

describe("access control, over HTTP, on PostgreSQL: another reader's token", () => {
  it("lets another reader's token reach nothing of the victim's", async () => {
    const { figures, violations } = access;
    const seen = violations.length;
    const other = await access.newReader(0);
    const secrets = [
      victim.id,
      victim.email,
      victim.name,
      victim.reviewText,
      victim.locator,
      victim.annotationNote,
      victim.token,
    ];
    for (const call of ownedCalls) {
      await access.leavesVictimAlone(victim, `other reader → ${call.name}`, async () => {
        const answer = await access.send(call.send(victim), {
          authorization: `Bearer ${other.token}`,
        });
        if (call.asOther === "own") {
          access.expectThat(
            answer.status === 200,
            `other reader → ${call.name}: expected 200`,
            answer,
          );
        } else {
          const refused = call.asOther.includes(answer.status);
          access.expectThat(
            refused,
            `other reader → ${call.name}: expected ${call.asOther.join("/")}`,
            answer,
          );
          if (refused) figures.refusedAsExpected += 1;
        }
        const leaked = secrets.filter((secret) => answer.text.includes(secret));
        access.expectThat(
          leaked.length === 0,
          `other reader → ${call.name}: answered ${leaked.join(", ")}`,
        );
        const extra = call.check?.(answer, victim);
        access.expectThat(!extra, `other reader → ${call.name}: ${extra}`);
      });
    }
    expect(violations.slice(seen)).toEqual([]);
    // The victim's review, loan and progress are all still there, seen from the victim's side.
    const mine = await access.api.get<{ commentIds: string[] }>("/api/reviews/user", victim.token);
    expect(mine.body.commentIds).toContain(victim.commentId);
  });

  it("leaves the database consistent and the server without errors", async () => {
    await access.expectConsistentEnd();
  });
});
