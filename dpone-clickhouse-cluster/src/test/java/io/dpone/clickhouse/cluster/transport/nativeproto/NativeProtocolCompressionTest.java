package io.dpone.clickhouse.cluster.transport.nativeproto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import org.junit.jupiter.api.Test;

/**
 * Loading the native driver switches its block compression off, and the aircompressor on the
 * class path is the release with the CVE-2024-36114 fix. Real queries over the switched-off
 * driver are proven in dpone-testkit (RealReadTransportTest, RealOneShotTransportTest).
 */
class NativeProtocolCompressionTest {

    @Test
    void loadingTheDriverTurnsBlockCompressionOff() throws ReflectiveOperationException {
        ClassLoader loader = NativeDriver.class.getClassLoader();
        NativeDriver.load();
        assertFalse(NativeProtocolCompression.enabled(loader));
    }

    @Test
    void theFixedAircompressorIsOnTheClassPath() throws ClassNotFoundException {
        Package compress =
                Class.forName("io.airlift.compress.lz4.Lz4Decompressor").getPackage();
        String jar = Class.forName("io.airlift.compress.lz4.Lz4Decompressor")
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .getPath();
        assertEquals("aircompressor-0.27.jar", jar.substring(jar.lastIndexOf('/') + 1), compress.getName());
    }

    @Test
    void aDriverWithoutTheSwitchIsAMissingCapability() {
        DponeException missing =
                assertThrows(DponeException.class, () -> NativeProtocolCompression.disable(new ClassLoader(null) {}));
        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING, missing.code());
    }
}
