package io.dpone.testkit.roundtrip;

/**
 * {@code bench/round-trips.sh}: the table of {@code docs/reference/internal-mode.md} ("Cost"), the
 * server round trips of one clean publication for 2, 3, 5 and 8 replicas and 10^3 to 10^6 rows, on
 * the simulator. Not a timing: the counts are exact and the same on every run.
 */
public final class RoundTripTableMain {
    private RoundTripTableMain() {}

    static final int[] REPLICAS = {2, 3, 5, 8};
    static final long[] ROWS = {1_000, 10_000, 100_000, 1_000_000};

    public static void main(String[] args) {
        System.out.print(table(true));
        System.out.println();
        System.out.print(table(false));
    }

    /** The markdown table, header included, exactly as the docs hold it. */
    static String table(boolean steadyState) {
        StringBuilder text = new StringBuilder();
        text.append("| Replicas | Rows | Reads | Queue reads | Authority writes | DDL | Load | Protocol round trips"
                + " | Waits (virtual ms) | Re-reads after waits |\n");
        text.append("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (int replicas : REPLICAS) {
            for (long rows : ROWS) {
                text.append(row(PublicationRoundTrips.measure(replicas, rows, steadyState)))
                        .append('\n');
            }
        }
        return text.toString();
    }

    static String row(PublicationRoundTrips.Count count) {
        return String.format(
                java.util.Locale.ROOT,
                "| %d | 10^%d | %d | %d | %d | %d | %d | **%d** | %d (%d) | %d |",
                count.replicas(),
                Long.toString(count.rows()).length() - 1,
                count.reads(),
                count.queueReads(),
                count.authorityWrites(),
                count.ddl(),
                count.loads(),
                count.protocol(),
                count.sleeps(),
                count.waitedMillis(),
                count.polls());
    }
}
