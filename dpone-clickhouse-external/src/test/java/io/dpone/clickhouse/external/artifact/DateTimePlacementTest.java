package io.dpone.clickhouse.external.artifact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.source.SourceColumn;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Where wall clocks land as instants (pure). The ClickHouse facts the rules follow were observed on
 * local real ClickHouse 26.7: a repeated hour's text is placed at the earlier offset
 * ({@code 2024-10-27 02:30:00} in Europe/Berlin is 1729989000), a gap's text is moved (02:30 on
 * 2024-03-31 is stored as 01:30), and a zoneless value is the server's zone
 * ({@code RealExternalTimeZonesTest}, {@code RealExternalUniformZoneTest}).
 */
class DateTimePlacementTest {
    private static final ColumnType.DateTimeType BERLIN = new ColumnType.DateTimeType(-1, "Europe/Berlin");
    private static final ColumnType.DateTimeType ZONELESS = new ColumnType.DateTimeType(-1, null);
    private static final DateTimePlacement IN_BERLIN =
            new DateTimePlacement(new ServerZone.Uniform(ZoneId.of("Europe/Berlin")));
    private static final DateTimePlacement MIXED =
            new DateTimePlacement(ServerZone.of(List.of("UTC", "Europe/Berlin")));

    @Test
    void theMembersZonesAreOneWhenTheirRulesAreOne() {
        assertInstanceOf(
                ServerZone.Uniform.class,
                ServerZone.of(List.of("UTC", "Etc/UTC", "UTC")),
                "another name, the same rules");
        assertEquals(
                new ServerZone.Unusable("the members run in 2 server time zones with different rules"),
                ServerZone.of(List.of("UTC", "Europe/Berlin")));
        assertInstanceOf(ServerZone.Unusable.class, ServerZone.of(List.of("UTC", "Mars/Olympus")));
        assertInstanceOf(ServerZone.Unknown.class, ServerZone.of(List.of()));
    }

    /** Red on main 32d8930 (no such check): members in two zones each placed a zoneless value in their own. */
    @Test
    void aZonelessColumnNeedsTheMembersOneZone() {
        ArtifactSchema zoneless = schema("Nullable(DateTime64(3))");
        DponeException refused = assertThrows(DponeException.class, () -> MIXED.requirePlaceable(zoneless));
        assertEquals(DponeErrorCode.SOURCE_TYPE_UNSUPPORTED, refused.code());
        assertTrue(
                refused.getMessage()
                        .startsWith("column 2: DateTime64(3) without a time zone is each member's server time zone"),
                refused.getMessage());
        MIXED.requirePlaceable(schema("DateTime('Asia/Tokyo')"));
        IN_BERLIN.requirePlaceable(zoneless);
        DateTimePlacement.unknown().requirePlaceable(zoneless);
    }

    @Test
    void aGapOrAnInstantOutOfRangeIsRefusedAndARepeatedHourIsTheEarlierOffset() {
        assertTrue(IN_BERLIN
                .refusal(ZONELESS, LocalDateTime.of(2024, 3, 31, 2, 30))
                .orElseThrow()
                .startsWith("the wall-clock time does not exist in the members' server time zone (Europe/Berlin)"));
        assertTrue(
                DateTimePlacement.unknown()
                        .refusal(BERLIN, LocalDateTime.of(2024, 3, 31, 2, 30))
                        .orElseThrow()
                        .startsWith("the wall-clock time does not exist in the column's time zone"),
                "a column's own zone is always known");
        assertEquals(
                Optional.empty(),
                DateTimePlacement.unknown().refusal(ZONELESS, LocalDateTime.of(2024, 3, 31, 2, 30)),
                "without members a zoneless value is checked as a wall clock only (dpone seal)");
        ColumnType.DateTimeType tokyo = new ColumnType.DateTimeType(-1, "Asia/Tokyo");
        assertEquals(
                Optional.of("its instant in the column's time zone is outside the type's range"),
                IN_BERLIN.refusal(tokyo, LocalDateTime.of(1970, 1, 1, 5, 0)),
                "1969-12-31 20:00Z: ClickHouse stores 0");
        assertTrue(IN_BERLIN
                .refusal(new ColumnType.DateTimeType(3, "Asia/Tokyo"), LocalDateTime.of(1900, 1, 1, 0, 30))
                .isPresent());
        LocalDateTime repeated = LocalDateTime.of(2024, 10, 27, 2, 30);
        assertEquals(Optional.empty(), IN_BERLIN.refusal(BERLIN, repeated));
        List<Object> row = new ArrayList<>(Arrays.asList(repeated, "x", null));
        ArtifactSchema schema = ArtifactSchema.declared(List.of(
                SourceColumn.typed("a", "DateTime('Europe/Berlin')"),
                SourceColumn.typed("s", "String"),
                SourceColumn.typed("n", "Nullable(DateTime)")));
        assertEquals(
                Arrays.asList(LocalDateTime.ofEpochSecond(1_729_989_000L, 0, ZoneOffset.UTC), "x", null),
                IN_BERLIN.storedRows(schema).apply(row),
                "00:30Z, as ClickHouse places the text");
    }

    @Test
    void aZonelessColumnCannotBeStoredWithoutTheMembersZone() {
        assertThrows(IllegalStateException.class, () -> MIXED.storedRows(schema("DateTime")));
    }

    /**
     * Every wall clock sealing admits comes back as itself when its stored instant is rendered in its
     * zone: the placement loses nothing, and what it would lose (a gap) is refused.
     */
    @Property
    void anAdmittedWallClockIsItsStoredInstantRenderedInItsZone(
            @ForAll("wallClocks") LocalDateTime wall, @ForAll("zones") String zone, @ForAll boolean ownZone) {
        ColumnType.DateTimeType type = new ColumnType.DateTimeType(3, ownZone ? zone : null);
        DateTimePlacement placement = new DateTimePlacement(new ServerZone.Uniform(ZoneId.of(ownZone ? "UTC" : zone)));
        Optional<String> refusal = placement.refusal(type, wall);
        boolean gap = ZoneId.of(zone).getRules().getValidOffsets(wall).isEmpty();
        if (gap) {
            assertTrue(refusal.isPresent(), "a gap is refused");
            return;
        }
        List<Object> row = new ArrayList<>(List.of(wall));
        ArtifactSchema schema = new ArtifactSchema(List.of(new TypedColumn("t", type)));
        LocalDateTime stored =
                (LocalDateTime) placement.storedRows(schema).apply(row).get(0);
        assertEquals(
                wall,
                stored.atZone(ZoneOffset.UTC)
                        .withZoneSameInstant(ZoneId.of(zone))
                        .toLocalDateTime());
    }

    @Provide
    Arbitrary<LocalDateTime> wallClocks() {
        return Arbitraries.longs()
                .between(
                        LocalDateTime.of(1971, 1, 1, 0, 0).toEpochSecond(ZoneOffset.UTC),
                        LocalDateTime.of(2100, 1, 1, 0, 0).toEpochSecond(ZoneOffset.UTC))
                .map(seconds -> LocalDateTime.ofEpochSecond(seconds - seconds % 900, 0, ZoneOffset.UTC));
    }

    @Provide
    Arbitrary<String> zones() {
        return Arbitraries.of(
                "UTC",
                "Etc/UTC",
                "Europe/Berlin",
                "America/New_York",
                "Asia/Tokyo",
                "Australia/Lord_Howe",
                "Asia/Kathmandu",
                "America/Santiago",
                "Pacific/Apia");
    }

    private static ArtifactSchema schema(String type) {
        return ArtifactSchema.declared(List.of(SourceColumn.typed("id", "UInt64"), SourceColumn.typed("ts", type)));
    }
}
