package io.dpone.testkit.simulator.sample;

import io.dpone.spi.source.RowCursor;
import java.util.List;

/** A cursor over {@code count} generated rows of (id, v), counting 10 bytes per row. */
public final class ListCursor implements RowCursor {
    private final long count;
    private long read;

    public ListCursor(long count) {
        this.count = count;
    }

    @Override
    public List<String> next() {
        return read < count ? List.of(Long.toString(read++), "x") : null;
    }

    @Override
    public long bytesRead() {
        return read * 10;
    }

    @Override
    public void close() {}
}
