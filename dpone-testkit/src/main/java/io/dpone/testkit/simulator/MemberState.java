package io.dpone.testkit.simulator;

/** A simulated member's process state. */
public enum MemberState {
    /** Running and answering. */
    UP,
    /** Stopped (SIGSTOP): connections open, nothing answers, nothing progresses; resumes where it was. */
    PAUSED,
    /** Gone (SIGKILL): connections refused; its data stays and a restart continues from it. */
    KILLED
}
