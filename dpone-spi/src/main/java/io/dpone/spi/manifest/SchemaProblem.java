package io.dpone.spi.manifest;

/**
 * The fixed sentences a {@code MANIFEST_SCHEMA_INVALID} violation reports. Taking an enum, not a
 * string, the validator cannot build a sentence from a value. docs/reference/manifest.md lists each.
 */
enum SchemaProblem {
    NOT_A_MAPPING("must be a mapping"),
    UNKNOWN_KEY("unknown key"),
    REQUIRED("is required"),
    NOT_A_STRING("must be a string"),
    NOT_A_POSITIVE_INTEGER("must be a positive integer no larger than 2^63-1"),
    NOT_A_BOOLEAN("must be true or false"),
    NOT_A_NAME("must be a non-blank name of at most 255 characters without control, format or separator characters"
            + " or unpaired surrogates"),
    NOT_AN_ABSOLUTE_PATH("must be an absolute path of at most 4096 characters without control characters"),
    NOT_AN_ENGINE("must be a bare engine name such as ReplicatedMergeTree"),
    NOT_FULL_REFRESH("must be full_refresh"),
    NOT_A_STAGING("must be target_local or staging_database"),
    NOT_A_DDL_SCOPE("must be local or cluster"),
    NOT_A_REPLICATION_MODE("must be internal or external"),
    TRUNCATED("further violations were not reported");

    private final String sentence;

    SchemaProblem(String sentence) {
        this.sentence = sentence;
    }

    String sentence() {
        return sentence;
    }
}
