package io.dpone.clickhouse.cluster.transport.nativeproto;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

/**
 * Turns off the native driver's block compression, process-wide, before the first connection.
 * The driver compresses with aircompressor; the release it was built against (0.21) has
 * CVE-2024-36114 (out-of-bounds access when decompressing crafted input), and the fixed 0.27
 * rejects the driver's compress call, so every compressed query failed. With compression off the
 * driver never constructs a compressor or decompressor, so the fixed aircompressor is on the class
 * path and its code is not reached. Answers here are a few rows of catalog facts over the
 * server's own network, so compression buys nothing. The switch is the driver's public static
 * {@code ClickHouseDefines.COMPRESSION}; it is global to the driver's class loader, which in dpone
 * only this adapter uses.
 */
final class NativeProtocolCompression {
    static final String DEFINES = "com.github.housepower.settings.ClickHouseDefines";
    static final String FIELD = "COMPRESSION";

    private NativeProtocolCompression() {}

    static void disable(ClassLoader loader) {
        try {
            Field compression = Class.forName(DEFINES, true, loader).getField(FIELD);
            if (compression.getType() != boolean.class || Modifier.isFinal(compression.getModifiers())) {
                throw new NoSuchFieldException(FIELD);
            }
            compression.setBoolean(null, false);
        } catch (ReflectiveOperationException | LinkageError unavailable) {
            throw new DponeException(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING,
                    "clickhouse-native-jdbc compression switch is unavailable: "
                            + unavailable.getClass().getSimpleName());
        }
    }

    /** Whether the driver in {@code loader} currently compresses blocks. */
    static boolean enabled(ClassLoader loader) throws ReflectiveOperationException {
        return Class.forName(DEFINES, true, loader).getField(FIELD).getBoolean(null);
    }
}
