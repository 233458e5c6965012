package io.dpone.clickhouse.external.store;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/** Stub: every member reads its own pass (today's path); the shared reader follows. */
public final class SharedArtifactRows implements AutoCloseable {
    public static final int BATCH_ROWS = 1_024;
    public static final int QUEUE_BATCHES = 64;

    private final Supplier<ArtifactRows> passes;
    private final UnaryOperator<List<Object>> stored;
    private final Member[] members;

    public SharedArtifactRows(int members, Supplier<ArtifactRows> passes, UnaryOperator<List<Object>> stored) {
        this(members, passes, stored, BATCH_ROWS, QUEUE_BATCHES);
    }

    SharedArtifactRows(
            int count,
            Supplier<ArtifactRows> passes,
            UnaryOperator<List<Object>> stored,
            int batchRows,
            int queueBatches) {
        this.passes = requireNonNull(passes, "passes is null");
        this.stored = requireNonNull(stored, "stored is null");
        this.members = new Member[count];
        for (int i = 0; i < count; i++) {
            members[i] = new Member();
        }
    }

    public Member member(int index) {
        return members[index];
    }

    @Override
    public void close() {
        for (Member member : members) {
            member.close();
        }
    }

    public final class Member implements StoredRows {
        private StoredRows own;

        @Override
        public List<Object> next() {
            if (own == null) {
                own = StoredRows.ownPass(passes.get(), stored);
            }
            return own.next();
        }

        @Override
        public void close() {
            if (own != null) {
                own.close();
            }
        }
    }
}
