package io.dpone.clickhouse.external.nativeproto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.external.artifact.ColumnType;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;

/**
 * What the native driver is handed for a value as members store it. That every sealed type arrives and reads
 * back exactly is proven on local real ClickHouse 26.7 by the testkit's RealMemberSessionTest.
 */
class NativeValuesTest {
    private static final LocalDateTime NOON = LocalDateTime.of(2020, 1, 1, 12, 0);

    /**
     * A date-time arrives as its instant's UTC clock and goes to the driver as that instant,
     * whatever the column's zone or the member's: the driver writes the epoch seconds. Red on main
     * 32d8930: a zoneless value was placed in each member's own zone (another instant per member).
     */
    @Test
    void aStoredDateTimeGoesAsItsInstantAndBoolAsOneByte() {
        assertEquals(
                ZonedDateTime.of(NOON, ZoneOffset.UTC),
                NativeValues.toDriver(new ColumnType.DateTimeType(-1, "Asia/Tokyo"), NOON));
        assertEquals(
                NOON.toEpochSecond(ZoneOffset.UTC),
                ((ZonedDateTime) NativeValues.toDriver(
                                new ColumnType.NullableType(new ColumnType.DateTimeType(3, null)), NOON))
                        .toEpochSecond());
        assertEquals((short) 1, NativeValues.toDriver(new ColumnType.BoolType(), true));
        assertEquals(null, NativeValues.toDriver(new ColumnType.NullableType(new ColumnType.BoolType()), null));
        assertEquals("x", NativeValues.toDriver(new ColumnType.StringType(), "x"));
    }

    @Test
    void dateTime64ValuesBeyondTheDriversNanosecondRangeAreRefused() {
        ColumnType type = new ColumnType.DateTimeType(3, null);
        assertTrue(NativeValues.refusal(type, NativeValues.LAST_CARRIABLE_DATETIME64)
                .isEmpty());
        assertTrue(NativeValues.refusal(type, NativeValues.LAST_CARRIABLE_DATETIME64.plusNanos(1))
                .isPresent());
        assertTrue(NativeValues.refusal(new ColumnType.DateTimeType(-1, null), LocalDateTime.of(2106, 1, 1, 0, 0))
                .isEmpty());
    }
}
