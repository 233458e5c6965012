package io.dpone.spi.source;

import io.dpone.spi.manifest.WireName;

/**
 * The delimited text formats a host may hand a publisher, named as ClickHouse names its input
 * formats. Every format starts with a header row of column names; the {@code *AndTypes} formats
 * add a second header row of ClickHouse type names. NULL is the unquoted field {@code \N}.
 */
public enum DelimitedFormat implements WireName {
    /** RFC 4180 fields: double-quoted when they hold a comma, quote or line break; {@code ""} escapes a quote. */
    CSV_WITH_NAMES("CSVWithNames", false),
    CSV_WITH_NAMES_AND_TYPES("CSVWithNamesAndTypes", true),
    /** Tab-separated, backslash-escaped fields ({@code \t \n \\ \N}), as ClickHouse writes TSV. */
    TSV_WITH_NAMES("TSVWithNames", false),
    TSV_WITH_NAMES_AND_TYPES("TSVWithNamesAndTypes", true);

    private final String wireName;
    private final boolean typesRow;

    DelimitedFormat(String wireName, boolean typesRow) {
        this.wireName = wireName;
        this.typesRow = typesRow;
    }

    @Override
    public String wireName() {
        return wireName;
    }

    /** True when a second header row declares the column types. */
    public boolean hasTypesRow() {
        return typesRow;
    }

    public boolean isCsv() {
        return this == CSV_WITH_NAMES || this == CSV_WITH_NAMES_AND_TYPES;
    }

    /** The format with this exact ClickHouse name (case-insensitive, as ClickHouse accepts), or null. */
    public static DelimitedFormat fromWireName(String name) {
        for (DelimitedFormat format : values()) {
            if (format.wireName.equalsIgnoreCase(name)) {
                return format;
            }
        }
        return null;
    }
}
