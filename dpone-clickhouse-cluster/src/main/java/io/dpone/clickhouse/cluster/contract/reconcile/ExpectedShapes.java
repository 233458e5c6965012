package io.dpone.clickhouse.cluster.contract.reconcile;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import java.util.Map;
import java.util.Optional;

/**
 * The predecessor and desired generations each member is judged against (spec 000 section 5). In
 * internal mode one replicated generation is the same table on every replica ({@link Uniform}); in
 * external mode every member holds its own table, so the expectation is per member
 * ({@link PerMember}: "distinct member UUIDs bound into one logical generation", spec 001).
 */
public sealed interface ExpectedShapes {
    /** The shape {@code member} must match; empty for a member without an expectation (it is UNKNOWN). */
    Optional<PublicationShape> of(HostEndpoint member);

    /** True when the publication is into an absent target (RENAME, no predecessor to clean). */
    boolean absentTarget();

    /** One shape for every member. */
    record Uniform(PublicationShape shape) implements ExpectedShapes {
        public Uniform {
            requireNonNull(shape, "shape is null");
        }

        @Override
        public Optional<PublicationShape> of(HostEndpoint member) {
            return Optional.of(shape);
        }

        @Override
        public boolean absentTarget() {
            return shape instanceof PublicationShape.AbsentTarget;
        }
    }

    /** One shape per member, all of one kind (every member existing, or every member absent). */
    record PerMember(Map<HostEndpoint, PublicationShape> shapes) implements ExpectedShapes {
        public PerMember {
            shapes = Map.copyOf(requireNonNull(shapes, "shapes is null"));
            if (shapes.isEmpty()) {
                throw new IllegalArgumentException("at least one member has a shape");
            }
            long absent = shapes.values().stream()
                    .filter(PublicationShape.AbsentTarget.class::isInstance)
                    .count();
            if (absent != 0 && absent != shapes.size()) {
                throw new IllegalArgumentException("every member's shape is of one kind");
            }
        }

        @Override
        public Optional<PublicationShape> of(HostEndpoint member) {
            return Optional.ofNullable(shapes.get(member));
        }

        @Override
        public boolean absentTarget() {
            return shapes.values().iterator().next() instanceof PublicationShape.AbsentTarget;
        }
    }
}
