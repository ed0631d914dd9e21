import { describe, expect, it } from "vitest";
import { BUSY, busyRowsOf, MOVING, SEAT } from "./repo-busy.js";

// The busy list travels as "start,end,kind;..." text (repo-busy.ts, busyOf); the database side is
// covered by every slot test, this pins the parse.
describe("busyRowsOf", () => {
  it("reads no rows from the empty text", () => {
    expect(busyRowsOf("")).toEqual([]);
  });

  it("reads each row's instants and kind (busy, a seat, a booking being moved)", () => {
    expect(
      busyRowsOf("1798761600000,1798763400000,0;1798765200000,1798767000000,1;1798768800000,1798770600000,2"),
    ).toEqual([
      [1798761600000, 1798763400000, BUSY],
      [1798765200000, 1798767000000, SEAT],
      [1798768800000, 1798770600000, MOVING],
    ]);
  });
});
