package io.dpone.clickhouse.cluster.transport.nativeproto;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import java.lang.reflect.Field;
import java.util.Map;

/**
 * Teaches clickhouse-native-jdbc 2.7.1 the ClickHouse {@code Bool} type, which it predates: its
 * {@code DataTypeFactory} answers "Unknown data type: Bool" for any block with a Bool column, so
 * external staging could neither insert nor read such a column. {@code Bool} is one byte on the
 * wire, exactly {@code UInt8}, so the factory's lower-cased name table gets {@code bool} mapped to
 * its own {@code UInt8} type: reads return 0/1 as a short, and inserts send a {@code UInt8} column
 * that the server converts to {@code Bool} (checked on local real ClickHouse 26.7 by the external
 * staging tests, which read every inserted value back). Process-wide for the driver's class
 * loader, like {@link NativeProtocolCompression}; idempotent.
 */
final class NativeTypeAliases {
    static final String FACTORY = "com.github.housepower.data.DataTypeFactory";
    static final String TABLE = "dataTypes";

    private NativeTypeAliases() {}

    @SuppressWarnings("unchecked")
    static void registerBool(ClassLoader loader) {
        try {
            Field table = Class.forName(FACTORY, true, loader).getDeclaredField(TABLE);
            table.setAccessible(true);
            Map<String, Object> types = (Map<String, Object>) table.get(null);
            Object uint8 = types.get("uint8");
            if (uint8 == null) {
                throw new NoSuchFieldException("uint8");
            }
            types.putIfAbsent("bool", uint8);
        } catch (ReflectiveOperationException | LinkageError | RuntimeException unavailable) {
            throw new DponeException(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING,
                    "clickhouse-native-jdbc type table is unavailable: "
                            + unavailable.getClass().getSimpleName());
        }
    }

    /** Whether the driver in {@code loader} knows {@code Bool}. */
    @SuppressWarnings("unchecked")
    static boolean knowsBool(ClassLoader loader) throws ReflectiveOperationException {
        Field table = Class.forName(FACTORY, true, loader).getDeclaredField(TABLE);
        table.setAccessible(true);
        return ((Map<String, Object>) table.get(null)).containsKey("bool");
    }
}
