import { describe, expect, it } from "vitest";
import { UnknownChunkerError } from "../core/chunkers/metas";
import { ConfigError } from "../core/config";
import { ConfigImportError, SecretInConfigError } from "../core/export/errors";
import { EndpointConfigError } from "../core/providers/session";
import { SchemaError } from "../core/schema/errors";
import { WorkspaceError } from "../core/workspace/record";
import { isPdfError, PdfError, type PdfErrorCode } from "../pdf/errors";
import {
  errorCode,
  exitCodeOf,
  fromErrorPayload,
  InputError,
  OutputError,
  toErrorPayload,
  uiText,
  UsageError,
} from "./errors";

const cross = (err: unknown) => fromErrorPayload(structuredClone(toErrorPayload(err)));

describe("the error registry", () => {
  it("gives DESIGN §5's exit codes: 2 for the call, 3 for the input, 1 for a bug", () => {
    for (const err of [
      new UsageError("x"),
      new OutputError("cannot write /x: ENOENT"),
      new UnknownChunkerError("nope"),
      new ConfigError("token", [{ key: "k", message: "m" }]),
      new ConfigImportError("syntax", "bad"),
      new SecretInConfigError(["api_key"]),
      new EndpointConfigError("--embed-url", "bad"),
    ])
      expect(exitCodeOf(err)).toBe(2);
    for (const err of [new InputError("missing"), new PdfError("corrupt", "x"), new PdfError("no-text", "x")])
      expect(exitCodeOf(err)).toBe(3);
    expect(exitCodeOf(new TypeError("bug"))).toBe(1);
    expect(exitCodeOf("a string")).toBe(1);
  });

  it("carries PDF errors across a worker boundary with their code", () => {
    const codes: PdfErrorCode[] = [
      "needs-password",
      "wrong-password",
      "not-a-pdf",
      "corrupt",
      "no-text",
      "aborted",
    ];
    for (const code of codes) {
      const err = new PdfError(code, `message for ${code}`);
      const back = cross(err);
      expect(isPdfError(back, code)).toBe(true);
      expect([back.name, back.message]).toEqual([err.name, err.message]);
    }
  });

  it("rebuilds config and chunker errors with their problems, and aborts as AbortError", () => {
    const config = cross(new ConfigError("token", [{ key: "overlap", message: "too big" }]));
    expect(config).toBeInstanceOf(ConfigError);
    expect((config as ConfigError).problems).toEqual([{ key: "overlap", message: "too big" }]);
    expect(cross(new UnknownChunkerError("zzz"))).toBeInstanceOf(UnknownChunkerError);
    expect(cross(new InputError("gone"))).toBeInstanceOf(InputError);
    const abort = cross(new DOMException("superseded", "AbortError"));
    expect([abort.name, abort.message]).toEqual(["AbortError", "superseded"]);
    const other = cross(new TypeError("bad"));
    expect([other.name, other.message, errorCode(other)]).toEqual(["TypeError", "bad", "internal"]);
  });

  it("says in the UI what a user can act on", () => {
    expect(uiText(new PdfError("needs-password", "This PDF is encrypted"))).toBe("password needed");
    expect(uiText(new InputError("a.png: unsupported"))).toBe("a.png: unsupported");
    expect(uiText(new RangeError("oops"))).toMatch(/unexpected failure: oops/);
    // Outside input refused (issue 29): said as it is, with the CLI's exit codes 2 and 3.
    const schema = new SchemaError("chunker", 'the link: chunker: "x" is not a chunker of this workbench');
    expect([uiText(schema), exitCodeOf(schema)]).toEqual([schema.message, 2]);
    const workspace = new WorkspaceError("a.zip is a zip bomb");
    expect([uiText(workspace), exitCodeOf(workspace)]).toEqual(["a.zip is a zip bomb", 3]);
  });
});
