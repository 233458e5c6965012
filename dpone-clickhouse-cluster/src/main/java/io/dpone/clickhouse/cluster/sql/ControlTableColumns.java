package io.dpone.clickhouse.cluster.sql;

import java.util.List;
import java.util.stream.Collectors;

/** The typed columns of the KeeperMap control row (spec, "Artifacts and evidence"), in order. */
public final class ControlTableColumns {
    public static final String TARGET_KEY = "target_key";
    public static final String OPERATION_ID = "operation_id";
    public static final String FENCE_TOKEN = "fence_token";
    public static final String PHASE = "phase";
    public static final String DISPATCH_EPOCH = "dispatch_epoch";
    public static final String PAYLOAD = "payload";
    public static final String PAYLOAD_SHA256 = "payload_sha256";
    /** KeeperMap's virtual Keeper node version, the CAS version. */
    public static final String VERSION = "_version";

    static final List<List<String>> DEFINITIONS = List.of(
            List.of(TARGET_KEY, "String"),
            List.of(OPERATION_ID, "String"),
            List.of(FENCE_TOKEN, "String"),
            List.of(PHASE, "String"),
            List.of(DISPATCH_EPOCH, "UInt64"),
            List.of(PAYLOAD, "String"),
            List.of(PAYLOAD_SHA256, "FixedString(64)"));

    private ControlTableColumns() {}

    /** Column names in table order. */
    public static List<String> names() {
        return DEFINITIONS.stream().map(definition -> definition.get(0)).toList();
    }

    /** {@code name type} of every column in table order, as {@code system.columns} reports them. */
    public static List<String> typedColumns() {
        return DEFINITIONS.stream()
                .map(definition -> definition.get(0) + " " + definition.get(1))
                .toList();
    }

    static String definitions() {
        return DEFINITIONS.stream()
                .map(definition -> SqlQuoting.identifier(definition.get(0)) + " " + definition.get(1))
                .collect(Collectors.joining(", "));
    }

    static String quotedNames() {
        return names().stream().map(SqlQuoting::identifier).collect(Collectors.joining(", "));
    }
}
