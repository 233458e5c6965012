package io.dpone.clickhouse.external.artifact;

import static java.util.Objects.requireNonNull;

import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;

/**
 * The zone a {@code DateTime} or {@code DateTime64} without a zone of its own names: each
 * member's server time zone ({@code timezone()}). One operation can place such a value only when
 * every member's zone has the same rules, else the same text would be another instant on each
 * member. Pure.
 */
public sealed interface ServerZone {
    /** Every member's zone places wall clocks by the same rules. */
    record Uniform(ZoneId zone) implements ServerZone {
        public Uniform {
            requireNonNull(zone, "zone is null");
        }
    }

    /** The members' zones place wall clocks differently, or one is a zone this JVM does not know. */
    record Unusable(String reason) implements ServerZone {
        public Unusable {
            requireNonNull(reason, "reason is null");
        }
    }

    /** No member is known (sealing without publication: {@code dpone seal}). */
    record Unknown() implements ServerZone {}

    /** The zone every member's {@code timezone()} answer names, judged by the zone rules. */
    static ServerZone of(Collection<String> memberZones) {
        Set<String> named = new TreeSet<>(memberZones);
        if (named.isEmpty()) {
            return new Unknown();
        }
        ZoneId first = null;
        for (String name : named) {
            ZoneId zone;
            try {
                zone = ZoneId.of(name);
            } catch (DateTimeException unknown) {
                return new Unusable("a member's server time zone is not one this runtime knows");
            }
            if (first == null) {
                first = zone;
            } else if (!first.getRules().equals(zone.getRules())) {
                return new Unusable("the members run in " + named.size() + " server time zones with different rules");
            }
        }
        return new Uniform(first);
    }
}
