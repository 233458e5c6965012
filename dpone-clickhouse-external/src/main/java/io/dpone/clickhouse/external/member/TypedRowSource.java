package io.dpone.clickhouse.external.member;

import java.util.List;

/**
 * The artifact's canonical typed rows, one at a time (e.g. {@code ArtifactRows::next}); null at
 * the end. Streaming: the loader never holds more than one insert batch.
 */
@FunctionalInterface
public interface TypedRowSource {
    List<Object> next();
}
