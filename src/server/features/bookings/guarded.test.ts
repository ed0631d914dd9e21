import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.js";
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
