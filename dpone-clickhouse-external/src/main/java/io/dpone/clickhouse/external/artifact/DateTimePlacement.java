package io.dpone.clickhouse.external.artifact;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Where the wall-clock date-times of an artifact are as instants (docs/reference/external-mode.md,
 * "Time zones"): a value of a column with a zone of its own is that wall clock in that zone, one
 * without is the wall clock in the members' one server zone ({@link ServerZone}). The artifact
 * keeps the wall clock (canonical rows v1); members store the instant, so the insert sends it and
 * the content digest hashes it, as its UTC clock: one instant on every member whatever its own
 * zone, and a proof of stored values, not of a member's rendering. Sealing refuses a wall clock
 * that does not exist in its zone (a daylight-saving gap, which ClickHouse would silently move) and
 * one whose instant is outside the type's range. A wall clock in a repeated hour is placed at the
 * earlier offset, as ClickHouse places its text (observed on 26.7). Pure.
 */
public record DateTimePlacement(ServerZone serverZone) {
    public DateTimePlacement {
        requireNonNull(serverZone, "serverZone is null");
    }

    /** Sealing without members ({@code dpone seal}): a zoneless value's zone is not known. */
    public static DateTimePlacement unknown() {
        return new DateTimePlacement(new ServerZone.Unknown());
    }

    /**
     * Every date-time column has a zone: its own, or the members' one server zone.
     *
     * @throws DponeException {@code SOURCE_TYPE_UNSUPPORTED} for a column without a zone of its own
     *     when the members' zones cannot place it, naming its position
     */
    public void requirePlaceable(ArtifactSchema schema) {
        if (!(serverZone instanceof ServerZone.Unusable unusable)) {
            return;
        }
        for (int i = 0; i < schema.width(); i++) {
            if (schema.type(i).base() instanceof ColumnType.DateTimeType dateTime && dateTime.timeZone() == null) {
                throw new DponeException(
                        DponeErrorCode.SOURCE_TYPE_UNSUPPORTED,
                        "column " + (i + 1) + ": "
                                + dateTime.canonicalName()
                                + " without a time zone is each member's server time zone, and " + unusable.reason()
                                + ", so one value would be another instant on each member; give the column a zone of its own (for"
                                + " example DateTime('UTC') or DateTime64(3, 'UTC')) or run every member in one time zone");
            }
        }
    }

    /** Why the wall clock {@code value} of a date-time {@code type} cannot be stored as one instant, or empty. */
    public Optional<String> refusal(ColumnType type, LocalDateTime value) {
        ColumnType.DateTimeType dateTime = (ColumnType.DateTimeType) type.base();
        Optional<ZoneId> zone = zoneOf(dateTime);
        if (zone.isEmpty()) {
            return Optional.empty();
        }
        if (zone.get().getRules().getValidOffsets(value).isEmpty()) {
            return Optional.of("the wall-clock time does not exist in " + describe(dateTime, zone.get())
                    + " (a daylight-saving gap; ClickHouse would store another time)");
        }
        if (!CellParser.inRange(dateTime, utc(value, zone.get()))) {
            return Optional.of("its instant in " + describe(dateTime, zone.get()) + " is outside the type's range");
        }
        return Optional.empty();
    }

    /**
     * Turns each row of {@code schema} (in place) into what members store: every date-time as its
     * instant's UTC clock, every other value as it is. Call {@link #requirePlaceable} first.
     */
    public UnaryOperator<List<Object>> storedRows(ArtifactSchema schema) {
        ZoneId[] zones = new ZoneId[schema.width()];
        boolean any = false;
        for (int i = 0; i < zones.length; i++) {
            if (schema.type(i).base() instanceof ColumnType.DateTimeType dateTime) {
                ZoneId zone = zoneOf(dateTime)
                        .orElseThrow(() -> new IllegalStateException("a zoneless date-time column"
                                + " cannot be placed without the members' one server time zone"));
                // a UTC wall clock is already its instant's UTC clock: nothing to convert per row (issue 20)
                zones[i] = zone.normalized().equals(ZoneOffset.UTC) ? null : zone;
                any |= zones[i] != null;
            }
        }
        if (!any) {
            return UnaryOperator.identity();
        }
        return row -> {
            for (int i = 0; i < zones.length; i++) {
                if (zones[i] != null && row.get(i) != null) {
                    row.set(i, utc((LocalDateTime) row.get(i), zones[i]));
                }
            }
            return row;
        };
    }

    private Optional<ZoneId> zoneOf(ColumnType.DateTimeType type) {
        if (type.timeZone() != null) {
            return Optional.of(ZoneId.of(type.timeZone()));
        }
        return serverZone instanceof ServerZone.Uniform uniform ? Optional.of(uniform.zone()) : Optional.empty();
    }

    private static String describe(ColumnType.DateTimeType type, ZoneId zone) {
        return type.timeZone() != null
                ? "the column's time zone"
                : "the members' server time zone (" + zone.getId() + ")";
    }

    /** The instant of wall clock {@code value} in {@code zone} (the earlier offset in a repeated hour), as a UTC clock. */
    private static LocalDateTime utc(LocalDateTime value, ZoneId zone) {
        return value.atZone(zone).withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime();
    }
}
