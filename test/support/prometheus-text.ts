/** One sample line of the Prometheus text exposition format. */
export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL_NAME = '[a-zA-Z_][a-zA-Z0-9_]*';
// Inside a label value only backslash, double quote and line feed are escaped, as \\, \" and \n.
const LABEL_VALUE = '(?:[^"\\\\\\n]|\\\\[\\\\"n])*';
const NUMBER = '(?:[+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?|[+-]?Inf|NaN|Nan)';
const SAMPLE = new RegExp(
  `^(${NAME})(?:\\{((?:${LABEL_NAME}="${LABEL_VALUE}")(?:,${LABEL_NAME}="${LABEL_VALUE}")*)?\\})? (${NUMBER})(?: -?[0-9]+)?$`,
);
const HELP = new RegExp(`^# HELP (${NAME}) (?:[^\\\\\\n]|\\\\[\\\\n])*$`);
const TYPE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const LABEL = new RegExp(`(${LABEL_NAME})="(${LABEL_VALUE})"`, 'g');

const unescapeLabel = (value: string): string => value.replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c));

const parseNumber = (text: string): number =>
  /Inf$/.test(text) ? (text.startsWith('-') ? -Infinity : Infinity) : /^Nan$/i.test(text) ? NaN : Number(text);

/** The family a sample belongs to: a histogram's or summary's series carry a suffix. */
const familyOf = (name: string, types: ReadonlyMap<string, string>): string | undefined => {
  if (types.has(name)) return name;
  const base = name.replace(/_(bucket|sum|count)$/, '');
  const type = types.get(base);
  return type === 'histogram' || type === 'summary' ? base : undefined;
};

/**
 * Parses exposition text strictly: every line is a HELP, a TYPE, a sample or empty, and every sample
 * follows the HELP and the TYPE of its family. Throws naming the first line that breaks a rule.
 */
export const parsePrometheusText = (text: string): Sample[] => {
  if (!text.endsWith('\n')) throw new Error('the exposition does not end with a line feed');
  const helps = new Set<string>();
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  text
    .slice(0, -1)
    .split('\n')
    .forEach((line, index) => {
      const where = `line ${index + 1}: ${JSON.stringify(line)}`;
      if (line === '') return;
      const help = HELP.exec(line);
      if (help !== null) {
        if (helps.has(help[1]!)) throw new Error(`${where}: a second HELP for the family`);
        helps.add(help[1]!);
        return;
      }
      const type = TYPE.exec(line);
      if (type !== null) {
        if (types.has(type[1]!)) throw new Error(`${where}: a second TYPE for the family`);
        types.set(type[1]!, type[2]!);
        return;
      }
      if (line.startsWith('#')) throw new Error(`${where}: a comment that is neither HELP nor TYPE`);
      const sample = SAMPLE.exec(line);
      if (sample === null) throw new Error(`${where}: not a sample`);
      const name = sample[1]!;
      const family = familyOf(name, types);
      if (family === undefined || !helps.has(family))
        throw new Error(`${where}: a sample before its family's HELP and TYPE`);
      const labels: Record<string, string> = {};
      for (const [, label, value] of (sample[2] ?? '').matchAll(LABEL)) labels[label!] = unescapeLabel(value!);
      samples.push({ name, labels, value: parseNumber(sample[3]!) });
    });
  return samples;
};

/** The value of the one sample named `name` whose labels include `labels`; undefined when there is none. */
export const sampleValue = (
  samples: readonly Sample[],
  name: string,
  labels: Readonly<Record<string, string>> = {},
): number | undefined => {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
};
