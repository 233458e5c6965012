package io.dpone.clickhouse.external.member;

/**
 * How an {@link EndpointResolver} covers the admitted members: how many it has no translation for
 * and how many of its translations name no admitted member. Counts only, so a refusal built from it
 * names no host.
 */
public record EndpointCoverage(int unlisted, int stale) {
    public static final EndpointCoverage COMPLETE = new EndpointCoverage(0, 0);

    public EndpointCoverage {
        if (unlisted < 0 || stale < 0) {
            throw new IllegalArgumentException("counts are not negative");
        }
    }

    public boolean complete() {
        return unlisted == 0 && stale == 0;
    }
}
