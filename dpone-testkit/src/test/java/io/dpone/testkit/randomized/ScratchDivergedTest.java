package io.dpone.testkit.randomized;

import org.junit.jupiter.api.Test;

class ScratchDivergedTest {
    @Test
    void scan() {
        ExternalScheduleGenerator generator = new ExternalScheduleGenerator(0, 0);
        int shown = 0;
        java.util.Map<String, Integer> reasons = new java.util.TreeMap<>();
        for (long seed = 0; seed < 4000; seed++) {
            Schedule schedule = generator.generate(seed);
            ScheduleResult result = RandomizedSchedules.runOne(generator, seed);
            if (!result.code().equals("CLICKHOUSE_CLUSTER_EXTERNAL_STAGING_DIVERGED") && !result.code().equals("CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN")) {
                continue;
            }
            boolean changed = schedule.faults().stream().anyMatch(f -> f.description().contains("candidate changes"));
            boolean drift = schedule.faults().stream().anyMatch(f -> f.description().contains("drift") || f.description().contains("leaves"));
            String key = result.code().substring(19) + " " + (changed ? "changed-row " : "") + (drift ? "drift " : "") + "workers=" + schedule.workers().size();
            reasons.merge(key, 1, Integer::sum);
            if (!changed && !drift && shown++ < 6) {
                System.out.println("SEED " + seed + " " + result.code() + "\n" + schedule);
            }
        }
        System.out.println(reasons);
    }
}
