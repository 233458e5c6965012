package io.dpone.clickhouse.cluster.sql;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * Capability preflight of spec section 4: {@code distributed_ddl_entry_format_version >= 2} and
 * the {@code settings Map(String, String)} column of {@code system.distributed_ddl_queue}, read
 * from {@code system.settings} and {@code system.columns} (both readable even where the queue
 * itself is not). These are facts only: {@link io.dpone.clickhouse.cluster.ddl.CapabilityAssertion}
 * checks them and then runs the synthetic capability assertion, which alone proves that the
 * {@code log_comment} channel works.
 */
public final class CapabilityPreflight {
    public static final String ENTRY_FORMAT_VERSION = "entry_format_version";
    public static final String SETTINGS_COLUMN_TYPE = "settings_column_type";
    public static final String SERVER_VERSION = "server_version";
    public static final int MIN_ENTRY_FORMAT_VERSION = 2;
    public static final String REQUIRED_SETTINGS_TYPE = "Map(String, String)";

    private CapabilityPreflight() {}

    /** The facts read by {@link #statement()}; absent values stay absent. */
    public record Facts(Optional<Long> entryFormatVersion, Optional<String> settingsColumnType, String serverVersion) {
        public Facts {
            requireNonNull(entryFormatVersion, "entryFormatVersion is null");
            requireNonNull(settingsColumnType, "settingsColumnType is null");
            requireNonNull(serverVersion, "serverVersion is null");
        }

        public boolean satisfied() {
            return entryFormatVersion.filter(v -> v >= MIN_ENTRY_FORMAT_VERSION).isPresent()
                    && settingsColumnType.filter(REQUIRED_SETTINGS_TYPE::equals).isPresent();
        }
    }

    public static SqlStatement statement() {
        return SqlStatement.read("SELECT"
                + " (SELECT toUInt64OrNull(any(value)) FROM system.settings"
                + " WHERE name = 'distributed_ddl_entry_format_version') AS " + ENTRY_FORMAT_VERSION
                + ", (SELECT anyOrNull(type) FROM system.columns WHERE database = 'system'"
                + " AND table = 'distributed_ddl_queue' AND name = 'settings') AS " + SETTINGS_COLUMN_TYPE
                + ", version() AS " + SERVER_VERSION);
    }

    /** Reads the single row of {@link #statement()}; wrong shapes become absent facts. */
    public static Facts read(ReadResult result) {
        if (result.size() != 1) {
            return new Facts(Optional.empty(), Optional.empty(), "");
        }
        Object version = result.value(0, ENTRY_FORMAT_VERSION);
        Object type = result.value(0, SETTINGS_COLUMN_TYPE);
        Object server = result.value(0, SERVER_VERSION);
        return new Facts(
                version instanceof Long v ? Optional.of(v) : Optional.empty(),
                type instanceof String t ? Optional.of(t) : Optional.empty(),
                server instanceof String s ? s : "");
    }
}
