import { Readable } from "node:stream";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContactDto, ImportSummary } from "../../../contract/contacts.js";
import { escapeCell, unescapeCell } from "../../../domain/contacts-csv.js";
import { bearer, createTestApp, signUp, type TestApp } from "../../testing/app.js";
import { attendee, book, eventType, hostIn, NOW } from "../../testing/booking-fixtures.js";
import { dbKinds } from "../../testing/database.js";
import { createContactsCsvService } from "./service-csv.js";

type Host = Awaited<ReturnType<typeof signUp>>;

function form(filename: string, type: string, content: Buffer | string) {
  const boundary = "----kairos-csv-boundary";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

async function importCsv(
  app: FastifyInstance,
  host: Host,
  csv: string | Buffer,
  filename = "contacts.csv",
  type = "text/csv",
) {
  const f = form(filename, type, csv);
  return app.inject({
    method: "POST",
    url: "/api/contacts/import",
    payload: f.payload,
    headers: { ...bearer(host.token), ...f.headers },
  });
}

async function all(app: FastifyInstance, host: Host): Promise<ContactDto[]> {
  const res = await app.inject({
    method: "GET",
    url: "/api/contacts?limit=100&sort=name",
    headers: bearer(host.token),
  });
  return res.json().data;
}

const HEADER =
  "Full Name,Email,Phone,Job Title,Company,LinkedIn,Timezone,Country,City,State,Relationship Stage,Priority,Tags,Notes";

describe("CSV cells", () => {
  it("escapes every formula start and gives each value back exactly", () => {
    for (const v of [
      "=1+1",
      "+44+20",
      "+cmd|' /C calc'!A0",
      "+1 (415) SUM(A1)",
      "-5",
      "@SUM(A1)",
      "\tx",
      "\rx",
      "'=x",
      "''+y",
      "plain",
      "'quoted",
      "",
      "a=b",
    ]) {
      const e = escapeCell(v);
      expect(/^[=+\-@\t\r]/.test(e), v).toBe(false);
      expect(unescapeCell(e)).toBe(v);
    }
  });

  it("leaves a plain phone number as it is", () => {
    for (const phone of ["+14155550111", "+44 20 7946 0958", "+1-415-555-0111", "+1 (415) 555.0111"]) {
      expect(escapeCell(phone)).toBe(phone);
      expect(unescapeCell(escapeCell(phone))).toBe(phone);
    }
    expect(escapeCell("'+14155550111")).toBe("''+14155550111");
    expect(unescapeCell("''+14155550111")).toBe("'+14155550111");
  });
});

describe.each(dbKinds)("contacts CSV on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it("gives the planner the imported contacts' statistics (PGlite runs no autovacuum)", async () => {
    const host = await signUp(t.app);
    const rows = Array.from({ length: 60 }, (_, i) => `Stat ${i},stat${i}@example.com,,,,,,,,,,,,`);
    const res = await importCsv(t.app, host, [HEADER, ...rows].join("\n"));
    expect(res.statusCode, res.body).toBe(200);
    // Without statistics the reads that follow are planned on guesses (a recount once scanned every contact).
    const { rows: stats } = (await t.database.db.execute(
      sql`select reltuples from pg_class where relname = 'contacts'`,
    )) as unknown as { rows: { reltuples: number }[] };
    expect(Number(stats[0].reltuples)).toBeGreaterThanOrEqual(60);
  });

  it("imports the template, then an export imports back to the same contacts", async () => {
    const host = await signUp(t.app);
    const template = await t.app.inject({
      method: "GET",
      url: "/api/contacts/template",
      headers: bearer(host.token),
    });
    expect(template.headers["content-disposition"]).toBe('attachment; filename="contacts_template.csv"');
    const res = await importCsv(t.app, host, template.rawPayload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary).toEqual({ created: 2, updated: 0, failed: 0, failures: [], duplicates: [] });

    // Awkward values: formulas, quotes, commas, newlines, unicode, a BOM-less file with CRLF.
    const tricky = [
      HEADER,
      `"=HYPERLINK(""http://x"",""y"")",eq@example.com,+1 555 0100,-Chief,"Comma, Inc",,UTC,India,"Line1\nLine2",,lead,high,"a;b","@note"`,
      `Zoë Ñandú,zoe@example.com,,,'=quoted,,,,,,,low,,"multi\r\nline ""quoted"""`,
    ].join("\r\n");
    const r2 = await importCsv(t.app, host, tricky);
    expect(r2.json().summary, r2.body).toMatchObject({ created: 2, failed: 0 });
    const before = await all(t.app, host);
    const eq = before.find((c) => c.email === "eq@example.com");
    expect(eq).toMatchObject({
      fullName: '=HYPERLINK("http://x","y")',
      phone: "+1 555 0100",
      jobTitle: "-Chief",
      company: "Comma, Inc",
      city: "Line1\nLine2",
      tags: ["a", "b"],
      notes: "@note",
    });
    // A `'` before a formula character is an escape: the value is the rest.
    expect(before.find((c) => c.email === "zoe@example.com")?.company).toBe("=quoted");

    const exp = await t.app.inject({
      method: "POST",
      url: "/api/contacts/export",
      headers: bearer(host.token),
      payload: {},
    });
    expect(exp.statusCode).toBe(200);
    expect(exp.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(exp.headers["content-disposition"]).toMatch(/^attachment; filename="contacts_[0-9TZ-]+\.csv"$/);
    // No cell of the export starts with a formula character, except a plain phone number, kept readable.
    const cells: string[][] = parse(exp.body, { bom: true });
    for (const row of cells) {
      for (const cell of row) expect(/^[=+\-@\t\r]/.test(cell) && !/^\+[\d ]+$/.test(cell), cell).toBe(false);
    }
    expect(cells.flat()).toContain("+1 555 0100");
    expect(cells[0]).toContain("Total Meetings");

    const other = await signUp(t.app);
    const back = await importCsv(t.app, other, exp.rawPayload);
    expect(back.json().summary).toMatchObject({ created: 4, failed: 0 });
    const strip = (c: ContactDto) => {
      const { _id, createdAt, updatedAt, source, ...rest } = c;
      return rest;
    };
    expect((await all(t.app, other)).map(strip)).toEqual(before.map(strip));

    const filtered = await t.app.inject({
      method: "POST",
      url: "/api/contacts/export",
      headers: bearer(host.token),
      payload: { stage: "lead", searchQuery: "example" },
    });
    const rows: string[][] = parse(filtered.body, { bom: true });
    expect(
      rows
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(["eq@example.com", "rahul.mehta@example.com"]);
    const old = await t.app.inject({
      method: "GET",
      url: "/api/contacts/export?priority=low",
      headers: bearer(host.token),
    });
    expect(
      parse(old.body, { bom: true })
        .slice(1)
        .map((r: string[]) => r[1]),
    ).toEqual(["zoe@example.com"]);
  });

  it("matches header variants, upserts by email with last-wins duplicates, and reports per-row failures", async () => {
    const host = await signUp(t.app);
    await t.app.inject({
      method: "POST",
      url: "/api/contacts",
      headers: bearer(host.token),
      payload: { fullName: "Existing", email: "exist@example.com", company: "Keep" },
    });
    const csv = [
      "\uFEFFname,E-mail,COMPANY,stage,Unknown Column",
      "First,dup@example.com,One,lead,x",
      "Second,DUP@example.com,Two,,x",
      "New Name,exist@example.com,,customer,x",
      "No Email,,Co,,x",
      "Bad Email,not-an-email,Co,,x",
      "Bad Stage,stage@example.com,Co,friend,x",
      `${"L".repeat(10_000)},long@example.com,Co,,x`,
      "<script>alert(1)</script>,xss@example.com,<b>co</b>,,x",
      "ragged,r@example.com",
      "",
    ].join("\n");
    const res = await importCsv(t.app, host, csv);
    expect(res.statusCode, res.body).toBe(200);
    const summary: ImportSummary = res.json().summary;
    expect(summary).toMatchObject({ created: 2, updated: 2, failed: 5 });
    expect(summary.duplicates).toEqual([{ row: 3, email: "dup@example.com", earlierRow: 2 }]);
    expect(summary.failures.map((f) => f.row)).toEqual([5, 6, 7, 8, 10]);
    expect(summary.failures[0].reason).toBe("Email is required");
    expect(summary.failures[4].reason).toContain("fields");
    const contacts = await all(t.app, host);
    expect(contacts.find((c) => c.email === "dup@example.com")).toMatchObject({
      fullName: "Second",
      company: "Two",
      relationshipStage: "lead",
    });
    // An existing contact: only the cells given change.
    expect(contacts.find((c) => c.email === "exist@example.com")).toMatchObject({
      fullName: "New Name",
      company: "Keep",
      relationshipStage: "customer",
    });
    // Cells not given take the columns' defaults.
    expect(contacts.find((c) => c.email === "xss@example.com")).toMatchObject({
      fullName: "<script>alert(1)</script>",
      phone: "",
      relationshipStage: "prospect",
      priority: "medium",
      tags: [],
    });
    expect(contacts.map((c) => c.email)).not.toContain("long@example.com");
  });

  it("refuses what is not a CSV, too large, empty or malformed with a clear answer and no 5xx", async () => {
    const host = await signUp(t.app);
    const pdf = await importCsv(t.app, host, "%PDF-1.7", "file.pdf", "application/pdf");
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toBe("Please select a CSV file.");
    const binary = await importCsv(
      t.app,
      host,
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe, 0x00]),
      "image.csv",
    );
    expect(binary.statusCode).toBe(415);
    const big = await importCsv(t.app, host, Buffer.alloc(50 * 1024 * 1024, "a"));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe("File size must be 5MB or less.");
    const empty = await importCsv(t.app, host, "");
    expect(empty.statusCode).toBe(400);
    const noEmail = await importCsv(t.app, host, "Full Name,Phone\nA,1\n");
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toContain("Email");
    const headerOnly = await importCsv(t.app, host, `${HEADER}\n`);
    expect(headerOnly.json().summary).toEqual({
      created: 0,
      updated: 0,
      failed: 0,
      failures: [],
      duplicates: [],
    });
    // The spec: CSV by its MIME type or a .csv name; a text file is neither.
    const text = await importCsv(
      t.app,
      host,
      "Full Name,Email\nNote,note@example.com\n",
      "notes.txt",
      "text/plain",
    );
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe("Please select a CSV file.");
    const sheet = await importCsv(
      t.app,
      host,
      "Full Name,Email\nX,x@example.com\n",
      "a.xls",
      "application/vnd.ms-excel",
    );
    expect(sheet.statusCode).toBe(415);
    const csvAsText = await importCsv(t.app, host, "Full Name,Email\n", "ok.csv", "text/plain");
    expect(csvAsText.statusCode, csvAsText.body).toBe(200);
    // The limit is the file's bytes: 5 MB + 4 KB is refused, exactly 5 MB (framing on top) is read.
    const limit = 5 * 1024 * 1024;
    const padded = (head: string, size: number) => head + "x".repeat(size - head.length);
    const over = await importCsv(t.app, host, padded("Full Name,Email\nBig,big@example.com\n", limit + 4096));
    expect(over.statusCode, over.body).toBe(413);
    expect(over.json().message).toBe("File size must be 5MB or less.");
    expect((await all(t.app, host)).map((c) => c.email)).not.toContain("big@example.com");
    // (No contact row in it: the test below counts the contacts.)
    const atLimit = await importCsv(t.app, host, padded("Full Name,Email\n", limit));
    expect(atLimit.statusCode, atLimit.body).not.toBe(413);
    const unclosed = await importCsv(
      t.app,
      host,
      `Full Name,Email\nGood,good@example.com\n"Broken,broken@example.com\nLater,later@example.com\n`,
    );
    expect(unclosed.statusCode, unclosed.body).toBe(200);
    expect(unclosed.json().summary).toMatchObject({ created: 1, failed: 1 });
    expect(unclosed.json().summary.failures[0].reason).toMatch(/quote/i);
    expect((await all(t.app, host)).map((c) => c.email)).toEqual(["good@example.com"]);
    const missing = await t.app.inject({
      method: "POST",
      url: "/api/contacts/import",
      headers: bearer(host.token),
      payload: { nothing: true },
    });
    expect(missing.statusCode).toBe(400);
  });

  it("accepts the older JSON form and caps the rows of one file", async () => {
    const host = await signUp(t.app);
    const json = await t.app.inject({
      method: "POST",
      url: "/api/contacts/import",
      headers: bearer(host.token),
      payload: {
        contacts: [
          { fullName: "Json One", email: "j1@example.com", tags: ["a", "b"] },
          { name: "Bad", email: "x" },
        ],
      },
    });
    expect(json.json().summary).toMatchObject({ created: 1, failed: 1 });
    expect((await all(t.app, host))[0]).toMatchObject({ fullName: "Json One", tags: ["a", "b"] });

    const capped = createContactsCsvService(t.database.db, { now: () => new Date(), maxRows: 3 });
    const rows = [
      "Full Name,Email",
      ...Array.from({ length: 5 }, (_, i) => `Cap ${i},cap${i}@example.com`),
    ].join("\n");
    const summary = await capped.importCsv(host.userId, Readable.from([Buffer.from(rows)]));
    expect(summary).toMatchObject({ created: 3, failed: 1 });
    expect(summary.failures[0].reason).toContain("more than 3 rows");
  });
});

// Issue 25: the site and campaign an invitee came through (an embed's UTM and metadata) reach the
// export with the contact their first booking made.
describe.each(dbKinds)("where booked contacts came from, in the export, on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
  });
  afterAll(() => t.close());

  it("keeps the first booking's UTM and metadata as the contact's source details", async () => {
    const host = await hostIn(t.app, "America/New_York");
    const et = await eventType(t.app, host);
    const who = attendee({ email: "utm.invitee@example.com" });
    const first = { utm: { utm_source: "newsletter", utm_campaign: "spring" }, metadata: { plan: "pro" } };
    const later = { utm: { utm_source: "ads" }, metadata: {} };
    for (const [at, attribution] of [
      ["2026-10-29T10:00:00-04:00", first],
      ["2026-10-29T11:00:00-04:00", later],
    ] as const) {
      const res = await book(t.app, et._id, at, { attendee: who, attribution });
      expect(res.statusCode, res.body).toBe(201);
    }
    await book(t.app, et._id, "2026-10-29T12:00:00-04:00");
    const exp = await t.app.inject({
      method: "POST",
      url: "/api/contacts/export",
      headers: bearer(host.token),
      payload: {},
    });
    const [header, ...rows]: string[][] = parse(exp.body, { bom: true });
    const column = (name: string) => header.indexOf(name);
    const row = rows.find((r) => r[column("Email")] === who.email);
    expect(row?.[column("Source")]).toBe("booking");
    expect(row?.[column("Source Details")]).toBe("utm_source=newsletter; utm_campaign=spring; plan=pro");
    const plain = rows.find((r) => r[column("Email")] !== who.email);
    expect(plain?.[column("Source Details")]).toBe("");
  });
});
