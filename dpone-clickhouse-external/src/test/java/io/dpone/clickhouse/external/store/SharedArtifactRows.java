package io.dpone.clickhouse.external.store;

import static java.util.Objects.requireNonNull;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * Not production code: measured slower than one pass per member and kept with the bench that
 * compares the two (bench/external-staging.sh, ADR 0010 option 7) until a variant wins.
 *
 * <p>One verifying pass over a stored artifact for every member loaded at once (issue 20, ADR 0010:
 * spec 001 stages every member "from the same sealed artifact", so it is decoded and its SHA-256,
 * size and row count checked once, not once per member). A reader thread, started by the first
 * member that reads, decodes and places the rows once and hands the same batches to every member's
 * bounded queue; each member's insert still sees a {@link StoredRows}.
 *
 * <p>Semantics kept per member, as with its own pass: a member gets the end (null) only after the
 * pass verified, so its insert never sends its last block of a corrupt artifact; a failure of the
 * pass reaches every member that still reads as the same exception, after the same rows its own pass
 * would have given. Detaching: a member that closes (its insert ended, failed or was cancelled, or
 * its staging never loaded) leaves at once; a member that has not started reading when its queue is
 * full is left behind and later reads its own pass, exactly as one member alone. So the reader
 * waits only for members that read, and a member that reads slowly holds the others back by at most
 * its queue's capacity ({@link #QUEUE_BATCHES} batches of {@link #BATCH_ROWS} rows). The reader
 * decodes only {@link #LEAD_BATCHES} batches ahead of the member that reads fastest, and the queues
 * share their batches, so heap is bounded by the capacity (and usually holds far less: the rows
 * between the slowest and the fastest member), not by the artifact's rows.
 */
public final class SharedArtifactRows implements AutoCloseable {
    /** Rows per batch handed to members: the queues' unit (not the insert's block). */
    public static final int BATCH_ROWS = 1_024;
    /**
     * Batches a member may be behind the reader: how long a member may start after the first one
     * (65,536 rows: one production insert block since session 7, four when it was sized) before it
     * is left to its own pass.
     */
    public static final int QUEUE_BATCHES = 64;

    /**
     * Batches the reader decodes ahead of the member that reads fastest: rows are decoded when a
     * member is about to need them, so they die young instead of piling up to the queues' capacity.
     */
    static final int LEAD_BATCHES = 4;

    private static final AtomicInteger READERS = new AtomicInteger();
    private static final Object END = new Object();

    private final Supplier<ArtifactRows> passes;
    private final UnaryOperator<List<Object>> stored;
    private final int batchRows;
    private final int queueBatches;
    private final int leadBatches;
    private final Member[] members;
    private final Object lock = new Object();
    private Thread reader;
    private boolean closed;

    /**
     * @param passes opens one verifying pass (e.g. {@code artifact::rows})
     * @param stored places each row as members store it, once for all of them
     */
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
        if (count < 1 || batchRows < 1 || queueBatches < 1) {
            throw new IllegalArgumentException("members, batch rows and queue batches are positive");
        }
        this.batchRows = batchRows;
        this.queueBatches = queueBatches;
        this.leadBatches = Math.min(LEAD_BATCHES, queueBatches);
        this.members = new Member[count];
        for (int i = 0; i < count; i++) {
            members[i] = new Member();
        }
    }

    /** Member {@code index}'s rows; close it when its staging ended, whether it loaded or not. */
    public Member member(int index) {
        return members[index];
    }

    /** Detaches every member and waits for the reader thread to end. */
    @Override
    public void close() {
        Thread started;
        synchronized (lock) {
            closed = true;
            started = reader;
        }
        for (Member member : members) {
            member.close();
        }
        if (started != null) {
            boolean interrupted = false;
            while (started.isAlive()) {
                try {
                    started.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Where a member stands; changed under {@link #lock}. */
    private enum State {
        /** registered, not reading yet: fed until its queue is full */
        WAITING,
        /** reading: the reader waits for room in its queue */
        READING,
        /** left behind before it read: reads its own pass */
        OWN_PASS,
        /** closed: nothing more is fed or read */
        CLOSED
    }

    /** The reader's failure, handed to every member that still reads. */
    private record Failure(Throwable error) {}

    private void startReader() {
        if (reader == null && !closed) {
            reader = new Thread(this::read, "dpone-artifact-reader-" + READERS.incrementAndGet());
            reader.setDaemon(true);
            reader.start();
        }
    }

    /** The reader thread: decode, place and hand out batches until the verified end, a failure or no member left. */
    private void read() {
        ArtifactRows pass = null;
        try {
            pass = passes.get();
            while (awaitDemand()) {
                List<List<Object>> batch = new ArrayList<>(batchRows);
                Object marker = null;
                try {
                    while (batch.size() < batchRows) {
                        List<Object> row = pass.next();
                        if (row == null) {
                            // ArtifactRows answers the end only once size, row count and SHA-256 matched
                            marker = END;
                            break;
                        }
                        batch.add(stored.apply(row));
                    }
                } catch (RuntimeException | Error failure) {
                    // the rows decoded before the failure go first: each member fails where its own pass would
                    marker = new Failure(failure);
                }
                if (!publish(batch, marker) || marker != null) {
                    return;
                }
            }
        } catch (RuntimeException | Error failure) {
            publishQuietly(new Failure(failure));
        } finally {
            if (pass != null) {
                pass.close();
            }
        }
    }

    /**
     * Waits until a member that reads is short of batches, or no member reads yet while some are
     * still fed (they fill up, then read their own pass); false once no member is fed.
     */
    private boolean awaitDemand() {
        synchronized (lock) {
            while (true) {
                boolean fed = false;
                boolean reading = false;
                boolean wanted = false;
                for (Member member : members) {
                    fed |= member.fed();
                    if (member.state == State.READING) {
                        reading = true;
                        wanted |= member.queue.size() < leadBatches;
                    }
                }
                if (!fed) {
                    return false;
                }
                if (wanted || !reading) {
                    return true;
                }
                awaitChange();
            }
        }
    }

    /** Under the lock, on the reader thread: waits for a member to read or leave. */
    private void awaitChange() {
        try {
            lock.wait();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("the artifact reader was interrupted", e);
        }
    }

    private void publishQuietly(Failure failure) {
        try {
            publish(List.of(), failure);
        } catch (RuntimeException ignored) {
            // interrupted again: the members still reading are closed by their lanes
        }
    }

    /** Hands {@code batch} (and {@code marker}) to every member still fed; false once none is. */
    private boolean publish(List<List<Object>> batch, Object marker) {
        synchronized (lock) {
            for (Member member : members) {
                if (!batch.isEmpty() && !member.offer(batch)) {
                    continue;
                }
                if (marker != null && member.fed()) {
                    member.queue.add(marker);
                    lock.notifyAll();
                }
            }
            for (Member member : members) {
                if (member.fed()) {
                    return true;
                }
            }
            return false;
        }
    }

    /** One member's share of the pass. {@link #next()} on its staging thread only. */
    public final class Member implements StoredRows {
        private final ArrayDeque<Object> queue = new ArrayDeque<>();
        private State state = State.WAITING;
        private List<List<Object>> batch = List.of();
        private int position;
        private Object ended;
        private volatile StoredRows own;

        private Member() {}

        @Override
        public List<Object> next() {
            StoredRows alone = own;
            if (alone != null) {
                return alone.next();
            }
            if (position < batch.size()) {
                return batch.get(position++);
            }
            if (ended != null) {
                return answer(ended);
            }
            Object item = take();
            if (item == null) {
                // left behind before it read anything: its own pass, as one member alone
                alone = StoredRows.ownPass(passes.get(), stored);
                own = alone;
                return alone.next();
            }
            if (item instanceof List<?>) {
                @SuppressWarnings("unchecked")
                List<List<Object>> rows = (List<List<Object>>) item;
                batch = rows;
                position = 1;
                return rows.get(0);
            }
            ended = item;
            batch = List.of();
            return answer(item);
        }

        private static List<Object> answer(Object marker) {
            if (marker instanceof Failure failure) {
                if (failure.error() instanceof Error error) {
                    throw error;
                }
                throw (RuntimeException) failure.error();
            }
            return null;
        }

        /** The next batch or marker, waiting for the reader; null when this member reads its own pass. */
        private Object take() {
            synchronized (lock) {
                if (state == State.WAITING) {
                    state = State.READING;
                    startReader();
                    // a reader waiting for demand now has one more member to feed
                    lock.notifyAll();
                }
                while (state == State.READING && queue.isEmpty()) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        state = State.CLOSED;
                        queue.clear();
                        lock.notifyAll();
                        throw new IllegalStateException("interrupted while waiting for the artifact's rows", e);
                    }
                }
                if (state == State.OWN_PASS) {
                    return null;
                }
                if (state == State.CLOSED) {
                    throw new IllegalStateException("the artifact's rows were read after their member was closed");
                }
                Object item = queue.poll();
                lock.notifyAll();
                return item;
            }
        }

        /** Under the lock: whether the reader still hands this member batches. */
        private boolean fed() {
            return state == State.WAITING || state == State.READING;
        }

        /**
         * Under the lock, on the reader thread: queues {@code rows}, waiting for room only while this
         * member reads; a member that has not started when its queue is full is left behind.
         */
        private boolean offer(List<List<Object>> rows) {
            while (fed() && queue.size() >= queueBatches) {
                if (state == State.WAITING) {
                    state = State.OWN_PASS;
                    queue.clear();
                    return false;
                }
                awaitChange();
            }
            if (!fed()) {
                return false;
            }
            queue.add(rows);
            lock.notifyAll();
            return true;
        }

        /** Leaves the shared pass (or closes its own); idempotent, from any thread once its reads ended. */
        @Override
        public void close() {
            synchronized (lock) {
                state = State.CLOSED;
                queue.clear();
                lock.notifyAll();
            }
            StoredRows alone = own;
            if (alone != null) {
                own = null;
                alone.close();
            }
        }
    }
}
