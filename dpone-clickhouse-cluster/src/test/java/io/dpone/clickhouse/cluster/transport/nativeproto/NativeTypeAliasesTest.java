package io.dpone.clickhouse.cluster.transport.nativeproto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import org.junit.jupiter.api.Test;

/**
 * Loading the native driver teaches it the {@code Bool} type. That a Bool column is inserted and
 * read back exactly is proven on local real ClickHouse 26.7 by dpone-testkit's external staging tests.
 */
class NativeTypeAliasesTest {
    @Test
    void loadingTheDriverRegistersBool() throws ReflectiveOperationException {
        NativeConnections.load();
        assertTrue(NativeTypeAliases.knowsBool(NativeDriver.class.getClassLoader()));
    }

    @Test
    void aDriverWithoutTheTypeTableIsAMissingCapability() {
        DponeException missing =
                assertThrows(DponeException.class, () -> NativeTypeAliases.registerBool(new ClassLoader(null) {}));
        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING, missing.code());
    }
}
