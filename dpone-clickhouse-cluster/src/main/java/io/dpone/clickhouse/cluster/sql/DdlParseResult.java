package io.dpone.clickhouse.cluster.sql;

import static java.util.Objects.requireNonNull;

/** Either a parsed queue query or the reason it is not one of this protocol's statements. */
public sealed interface DdlParseResult {
    record Parsed(ParsedDdl ddl) implements DdlParseResult {
        public Parsed {
            requireNonNull(ddl, "ddl is null");
        }
    }

    /** {@code reason} is a fixed phrase; it never repeats the query text. */
    record Unparseable(String reason) implements DdlParseResult {
        public Unparseable {
            requireNonNull(reason, "reason is null");
        }
    }
}
