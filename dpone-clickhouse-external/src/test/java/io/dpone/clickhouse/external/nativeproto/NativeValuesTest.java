package io.dpone.clickhouse.external.nativeproto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.external.artifact.ColumnType;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;

/**
 * What the native driver is handed for a canonical value. That every sealed type arrives and reads
 * back exactly is proven on local real ClickHouse 26.7 by the testkit's RealMemberSessionTest.
 */
class NativeValuesTest {
    private static final LocalDateTime NOON = LocalDateTime.of(2020, 1, 1, 12, 0);

    @Test
    void aWallClockIsPlacedInTheColumnsZoneElseTheServersAndBoolIsOneByte() {
        assertEquals(ZonedDateTime.of(NOON, ZoneId.of("Asia/Tokyo")),
                NativeValues.toDriver(new ColumnType.DateTimeType(-1, "Asia/Tokyo"), NOON, ZoneId.of("UTC")));
        assertEquals(ZonedDateTime.of(NOON, ZoneId.of("Europe/Berlin")),
                NativeValues.toDriver(new ColumnType.NullableType(new ColumnType.DateTimeType(3, null)), NOON,
                        ZoneId.of("Europe/Berlin")));
        assertEquals((short) 1, NativeValues.toDriver(new ColumnType.BoolType(), true, ZoneId.of("UTC")));
        assertEquals(null, NativeValues.toDriver(new ColumnType.NullableType(new ColumnType.BoolType()), null, ZoneId.of("UTC")));
        assertEquals("x", NativeValues.toDriver(new ColumnType.StringType(), "x", ZoneId.of("UTC")));
    }

    @Test
    void dateTime64ValuesBeyondTheDriversNanosecondRangeAreRefused() {
        ColumnType type = new ColumnType.DateTimeType(3, null);
        assertTrue(NativeValues.refusal(type, NativeValues.LAST_CARRIABLE_DATETIME64).isEmpty());
        assertTrue(NativeValues.refusal(type, NativeValues.LAST_CARRIABLE_DATETIME64.plusNanos(1)).isPresent());
        assertTrue(NativeValues.refusal(new ColumnType.DateTimeType(-1, null), LocalDateTime.of(2106, 1, 1, 0, 0)).isEmpty());
    }
}
