// Ajv 8 (draft 2020-12, strict mode) as an independent judge of the
// validator engine: reads the published schema and a JSON array of payload
// texts, and prints for each payload the sorted JSON pointers Ajv rejects
// (the object for a missing key, the key for a key not allowed).
// Usage: node judge.mjs SCHEMA INPUTS OUTPUT
import { readFileSync, writeFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020.js";

const [schemaPath, inputsPath, outputPath] = process.argv.slice(2);
const ajv = new Ajv2020({ strict: true, allErrors: true });
const validate = ajv.compile(JSON.parse(readFileSync(schemaPath, "utf8")));
const out = JSON.parse(readFileSync(inputsPath, "utf8")).map((text) => {
  let value;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return null;
  }
  if (validate(value)) return [];
  const ptrs = new Set();
  for (const e of validate.errors) {
    if (e.keyword === "if") continue; // a parent of the "then" errors
    const esc = (s) => s.replaceAll("~", "~0").replaceAll("/", "~1");
    if (e.keyword === "additionalProperties") ptrs.add(e.instancePath + "/" + esc(e.params.additionalProperty));
    else ptrs.add(e.instancePath);
  }
  return [...ptrs].sort();
});
writeFileSync(outputPath, JSON.stringify(out));
