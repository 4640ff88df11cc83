/**
 * The Thorbis export is a policy file: its chunk_configuration holds exactly the seed policy's keys
 * (entity-aware-chunking-policy.md), in the seed's order — the three the workbench does not model at
 * the seed's value — and the workbench's own dictionary sits outside it, read back on import.
 */
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { exportConfig, importConfig } from "../../src/core/export/formats";
import {
  entityConfigFromThorbis,
  THORBIS_UNMODELLED_KEYS,
  THORBIS_WORKBENCH_KEY,
} from "../../src/core/export/configFormats/seedFiles";
import type { ConfigRecord } from "../../src/core/export/configFormats/types";
import { TUNED } from "./tuned";

/** The seed's chunk_configuration block, keys in its order, as the policy file has them. */
const SEED_POLICY_KEYS = [
  "target_size",
  "min_size",
  "max_size",
  "overlap_chars",
  "preserve_entities",
  "entity_back_refs",
  "as_of_timestamps",
  "change_tracking",
  "respect_boundaries",
  "maintain_context",
];

const tuned = TUNED.entity!;
const exported = (config: ConfigRecord = tuned) => exportConfig("thorbis-yaml", "entity", config);
const read = (text: string) => parseYaml(text) as ConfigRecord;
/** The config the workbench resolves for `tuned`: its defaults overlaid (the JSON export writes it). */
const full = importConfig(exportConfig("json", "entity", tuned)).config;

describe("thorbis-yaml export", () => {
  it("writes exactly the seed policy's keys, in the seed's order, the unmodelled three at the seed's true", () => {
    const text = exported();
    const policy = read(text).chunk_configuration as ConfigRecord;
    expect(Object.keys(policy)).toEqual(SEED_POLICY_KEYS);
    expect(policy).not.toHaveProperty("dictionary");
    for (const key of ["target_size", "min_size", "max_size", "overlap_chars"])
      expect(policy[key], key).toBe(tuned[key]);
    expect(policy.entity_back_refs).toBe(false);
    for (const key of THORBIS_UNMODELLED_KEYS) {
      expect(policy[key], key).toBe(true);
      expect(text).toMatch(new RegExp(`^  ${key}: true # .*not modelled by the workbench`, "m"));
    }
  });

  it("puts a non-empty dictionary beside the policy, and writes nothing there when it is empty", () => {
    const doc = read(exported());
    expect(Object.keys(doc)).toEqual(["chunk_configuration", THORBIS_WORKBENCH_KEY]);
    expect(doc[THORBIS_WORKBENCH_KEY]).toEqual({ dictionary: tuned.dictionary });
    const bare = exported({ ...tuned, dictionary: [] });
    expect(Object.keys(read(bare))).toEqual(["chunk_configuration"]);
    expect(bare).not.toMatch(/dictionary/);
  });

  it("reads the file back as the tuned config, dictionary included, without the unmodelled keys", () => {
    expect(entityConfigFromThorbis(read(exported()))).toEqual(full);
    const pasted = read(
      "chunk_configuration:\n  target_size: 700\n  as_of_timestamps: false\n  change_tracking: true\n  maintain_context: true\n",
    );
    expect(entityConfigFromThorbis(pasted)).toEqual({ target_size: 700 });
    // An earlier export wrote the dictionary inside the policy: still read.
    const earlier = read(
      "chunk_configuration:\n  target_size: 700\n  dictionary:\n    - name: Acme\n      type: customer\n",
    );
    expect(entityConfigFromThorbis(earlier)).toEqual({
      target_size: 700,
      dictionary: [{ name: "Acme", type: "customer" }],
    });
  });
});
