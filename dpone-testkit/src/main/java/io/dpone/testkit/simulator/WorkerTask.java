package io.dpone.testkit.simulator;

/** A worker's synchronous body: the service code, run with that worker's ports. */
@FunctionalInterface
public interface WorkerTask<T> {
    T run(WorkerPorts ports) throws Exception;
}
