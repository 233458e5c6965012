package io.dpone.clickhouse.cluster.contract.reconcile;

/** The single shape of uniform expectations, for callers written against one shape. */
final class UniformShape {
    private UniformShape() {}

    static PublicationShape of(ExpectedShapes shapes) {
        if (shapes instanceof ExpectedShapes.Uniform uniform) {
            return uniform.shape();
        }
        throw new IllegalStateException("per-member expectations have no single shape");
    }
}
