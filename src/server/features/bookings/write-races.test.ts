import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.js";
import { slotLockKeys } from "./repo-insert.js";
import { guarded } from "./service-records.js";

/** An error as the drivers throw it: the database's code on the error or its cause. */
const databaseError = (code: string) => Object.assign(new Error(`database said ${code}`), { code });

describe("guarded booking writes", () => {
  it("runs a write again after a deadlock, and answers with the run that got through", async () => {
    let runs = 0;
    const answer = await guarded(async () => {
      runs += 1;
      if (runs < 3) throw new Error("Failed query", { cause: databaseError("40P01") });
      return "written";
    });
    expect(answer).toBe("written");
    expect(runs).toBe(3);
  });

  it("gives up after its retries, and answers a deadlock's later conflict as a taken slot", async () => {
    let runs = 0;
    const always = guarded(async () => {
      runs += 1;
      throw databaseError("40P01");
    });
    await expect(always).rejects.toMatchObject({ code: "40P01" });
    expect(runs).toBe(4);

    const taken = guarded(async () => {
      runs += 1;
      throw databaseError(runs === 5 ? "40P01" : "23P01");
    });
    await expect(taken).rejects.toBeInstanceOf(AppError);
    await expect(taken).rejects.toMatchObject({ errorCode: "SLOT_TAKEN" });
  });
});

describe("slot lock keys", () => {
  const at = (hhmm: string) => new Date(`2026-12-01T${hhmm}:00Z`);
  const shared = (a: string[], b: string[]) => a.some((k) => b.includes(k));

  it("gives overlapping bookings of a host a key in common, and each host its own", () => {
    const late = slotLockKeys(["host-a"], at("10:50"), at("11:20"));
    expect(late).toHaveLength(3);
    expect(shared(late, slotLockKeys(["host-a"], at("11:10"), at("11:40")))).toBe(true);
    expect(shared(late, slotLockKeys(["host-a"], at("10:20"), at("10:55")))).toBe(true);
    expect(shared(late, slotLockKeys(["host-b"], at("11:10"), at("11:40")))).toBe(false);
    // Back to back: ending on a quarter hour holds no part of the next one.
    expect(slotLockKeys(["host-a"], at("10:00"), at("11:00"))).toHaveLength(4);
    expect(
      shared(
        slotLockKeys(["host-a"], at("10:00"), at("11:00")),
        slotLockKeys(["host-a"], at("11:00"), at("11:30")),
      ),
    ).toBe(false);
  });

  it("sorts the keys of every host, so two bookings take the ones they share in one order", () => {
    const keys = slotLockKeys(["host-b", "host-a"], at("09:30"), at("10:30"));
    expect(keys).toHaveLength(8);
    expect(keys).toEqual([...keys].sort());
  });
});
