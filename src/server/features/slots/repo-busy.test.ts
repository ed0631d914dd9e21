import { describe, expect, it } from "vitest";
import { busyRowsOf } from "./repo-busy.js";

// The busy list travels as "start,end,id,seat;..." text (repo-busy.ts, busyOf); the database side is
// covered by every slot test, this pins the parse.
describe("busyRowsOf", () => {
  it("reads no rows from the empty text", () => {
    expect(busyRowsOf("")).toEqual([]);
  });

  it("reads each row's instants, booking id and seat flag", () => {
    const a = "0b6f3c1e-8c1a-4f55-9a43-1f1d2a3b4c5d";
    const b = "9e8d7c6b-5a49-4837-a261-50f4e3d2c1b0";
    expect(busyRowsOf(`1798761600000,1798763400000,${a},0;1798765200000,1798767000000,${b},1`)).toEqual([
      [1798761600000, 1798763400000, a, 0],
      [1798765200000, 1798767000000, b, 1],
    ]);
  });
});
