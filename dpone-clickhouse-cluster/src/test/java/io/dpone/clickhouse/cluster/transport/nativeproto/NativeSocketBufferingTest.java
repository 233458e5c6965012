package io.dpone.clickhouse.cluster.transport.nativeproto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import org.junit.jupiter.api.Test;

/**
 * The pinned driver has the internals the buffered socket stream needs, and a driver without them
 * is a missing capability when it loads, never a connection that silently writes unbuffered. That
 * a real connection writes through the buffer and delivers every block is proven on local real
 * ClickHouse 26.7 by dpone-testkit's {@code RealNativeSocketBufferingTest}.
 */
class NativeSocketBufferingTest {
    @Test
    void thePinnedDriverHasTheInternalsTheBufferNeeds() {
        NativeConnections.load();
        NativeSocketBuffering.of(NativeDriver.class.getClassLoader());
    }

    @Test
    void aDriverWithoutThemIsAMissingCapability() {
        DponeException missing =
                assertThrows(DponeException.class, () -> NativeSocketBuffering.of(new ClassLoader(null) {}));
        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING, missing.code());
    }
}
