package io.dpone.spi.manifest;

/**
 * The reading rules: each names one way text fails to be exactly one bounded YAML/JSON document and
 * carries the fixed sentence reported for it. Every one is {@code MANIFEST_UNREADABLE}; a report says
 * which rule fired and never quotes the input. docs/reference/manifest.md lists every sentence.
 */
enum ReadingRule {
    TOO_LARGE("manifest is larger than 1 MiB"),
    NOT_UTF8("manifest is not valid UTF-8"),
    UNPRINTABLE("manifest contains a control character other than tab, line feed or carriage return,"
            + " or U+2028, U+2029, U+FFFE or U+FFFF"),
    UNPAIRED_SURROGATE("a string escape encodes an unpaired UTF-16 surrogate, which is not a character"),
    EMPTY("manifest is empty"),
    MORE_THAN_ONE_DOCUMENT("manifest holds more than one document"),
    YAML_SYNTAX("manifest is not well-formed YAML"),
    JSON_SYNTAX("manifest is not well-formed JSON"),
    TAB("YAML indentation and separation must use spaces, not tabs"),
    TOO_DEEP("manifest nests deeper than 64 levels"),
    DUPLICATE_KEY("a mapping repeats a key"),
    COMPLEX_KEY("a mapping key must be a scalar, not a mapping or a sequence"),
    ALIAS("YAML aliases are not supported in manifests"),
    TAG("YAML tags (!name, !!type) are not supported in manifests"),
    DIRECTIVE("YAML %YAML and %TAG directives are not supported in manifests"),
    NUMBER_FORM("numbers must be written in plain decimal: no 0x, 0o, 0b, leading zeros, underscores or colons");

    private final String sentence;

    ReadingRule(String sentence) {
        this.sentence = sentence;
    }

    String sentence() {
        return sentence;
    }
}
